import Dexie, { type EntityTable } from 'dexie'
import type { AccountBalanceRow, AccountEntryRow, DeskMethod } from './account-rows'
import { compactRows } from './compact-rows'
import type { ArticleDraft, ArticleFields, ArticleRow, FaqFields, FaqRow } from './content-rows'
import type { MailKind, NotificationChannel, NotificationKind, NotificationRow, PackageRow, PackageStatus, PrealertRow, PriceBreakdown, ProfileRow, Role, ShipmentAddress, ShipmentOptions, ShipmentRow, ShipmentService, ShipmentStatus } from './rows'

/** A full profile with its locker code: the customer's own, or on an admin's device the admins' and the customers the admin opened. */
export type LocalProfile = ProfileRow & { locker_code: string | null }

/**
 * A package as screens read it: the server's row and its status history, with this device's pending
 * changes applied on top (see overlay.ts). `serverStatus` is set only while a pending status change
 * hides the server's status; `version` 0 marks a registration the server has not seen yet.
 */
export type LocalPackage = Omit<PackageRow, 'deleted_at'> & { serverStatus?: string }

/**
 * A pulled stream's checkpoint key. An admin's working set comes in two parts (see
 * sync-engine/working-set.ts): `packages`, `prealerts` and `shipments` hold the open part's
 * checkpoints, `closed-*` the part that closed lately; a customer pulls everything of theirs under
 * the plain names.
 */
export type SyncStream =
  | 'packages'
  | 'profiles'
  | 'prealerts'
  | 'shipments'
  | 'notifications'
  | 'directory'
  | 'closed-packages'
  | 'closed-prealerts'
  | 'closed-shipments'
  /** The customer's own account lines. */
  | 'account-entries'
  /** On an admin's device: one customer's account lines, pulled when the admin opens their statement. */
  | `account-entries:${string}`
  /** On an admin's device: what every customer owes. */
  | 'account-balances'

/** Where a stream's pull stopped, for whom, and when it last finished. */
export interface SyncState {
  key: SyncStream
  userId: string
  checkpoint: string | null
  syncedAt: number | null
}

/** What a registration sends: everything the warehouse typed, plus ids chosen on this device. */
export interface NewPackage {
  user_id: string
  locker_code: string
  public_token: string
  status: PackageStatus
  tracking_code: string | null
  weight_kg: number | null
  volume_m3: number | null
  meta: Record<string, unknown> | null
}

/**
 * What names a refusal for translation (src/components/refusals): the SQLSTATE or service code, the
 * database's stable key (its HINT) and the values the text needs (its DETAIL, JSON or one word).
 */
export interface RefusalKey {
  code?: string | null
  hint?: string | null
  details?: string | null
}

/** A refusal as the server answered it: its own words, and its key. */
export interface ServerRefusal extends RefusalKey {
  message: string
}

interface QueuedOpBase {
  /** Creation order (auto-increment): ops are pushed in this order. */
  seq?: number
  /** The server's idempotency key: a replay of the same op is recorded once. */
  opId: string
  /** The user who queued it; only their session may send it. */
  userId: string
  /** pending: waiting or being sent; conflict: the package changed meanwhile; failed: refused by the server. */
  state: 'pending' | 'conflict' | 'failed'
  attempts: number
  /** Epoch ms before which a network retry waits (backoff). */
  nextAttemptAt: number
  lastError: string | null
  /** The last refusal's key and values, to say it in the reader's language; absent on ops refused before refusals had keys. */
  lastErrorKey?: RefusalKey | null
  /** When the change was made (client clock, for display only). */
  createdAt: string
}

/** An admin's change to a package. */
interface PackageOpBase extends QueuedOpBase {
  packageId: string
  /** The package version this change was made on (0 for a package not yet on the server). */
  baseVersion: number
}

export interface StatusOp extends PackageOpBase {
  kind: 'set-status'
  status: PackageStatus
  /** The package as the server had it when it refused this change as superseded. */
  current?: { status: string; version: number }
}

export interface RegisterOp extends PackageOpBase {
  kind: 'register-package'
  package: NewPackage
}

/** What a customer types about an incoming purchase, as `save_prealert` takes it. */
export interface PrealertFields {
  tracking_code: string
  store: string
  description: string
  declared_value_usd: number
  expected_on: string | null
}

/** A customer's change to one of their prealerts. Its id is chosen on this device, so a replay never makes a second one. */
interface PrealertOpBase extends QueuedOpBase {
  prealertId: string
}

export interface SavePrealertOp extends PrealertOpBase {
  kind: 'save-prealert'
  prealert: PrealertFields
}

export interface CancelPrealertOp extends PrealertOpBase {
  kind: 'cancel-prealert'
}

/**
 * A customer's notifications marked read: every one the device had pulled, through `through` (the
 * notifications stream's checkpoint), on the device and on the server alike. Ops queued by earlier
 * versions of the app carry a time they mark up to (`upTo`), or the ids.
 */
export type MarkNotificationsReadOp = QueuedOpBase & { kind: 'mark-notifications-read' } & ({ through: string } | { upTo: string } | { notificationIds: string[] })

/** The kinds of notification the customer does not want pushed, the whole list (queued by versions before SetNotificationPreferenceOp). */
export interface SetPushPreferencesOp extends QueuedOpBase {
  kind: 'set-push-preferences'
  pushMuted: NotificationKind[]
}

/** One cell of the customer's notification settings: these kinds turned on or off on one channel. */
export interface SetNotificationPreferenceOp extends QueuedOpBase {
  kind: 'set-notification-preference'
  channel: NotificationChannel
  kinds: (NotificationKind | MailKind)[]
  on: boolean
}

/** What a customer asks for when they request a shipment, as `request_shipment` takes it. */
export interface ShipmentRequest {
  package_ids: string[]
  service: ShipmentService
  options: ShipmentOptions
  items: { description: string; quantity: number; unit_value_usd: number }[]
  address: ShipmentAddress
}

/** What an admin records with a step: the weighed box, the outbound carrier and tracking number, or why the box is weighed again. */
export interface ShipmentStepDetails {
  weight_kg?: number
  length_cm?: number
  width_cm?: number
  height_cm?: number
  carrier?: string
  tracking?: string
  reason?: string
}

/** A change to a shipment: the customer's request, cancel or approval, or an admin's step. Its id is chosen on the device. */
interface ShipmentOpBase extends QueuedOpBase {
  shipmentId: string
}

export interface RequestShipmentOp extends ShipmentOpBase {
  kind: 'request-shipment'
  request: ShipmentRequest
  /** What this device worked out before sending, shown until the server's estimate arrives. */
  estimate: PriceBreakdown
}

export interface CancelShipmentOp extends ShipmentOpBase {
  kind: 'cancel-shipment'
}

export interface ApproveShipmentOp extends ShipmentOpBase {
  kind: 'approve-shipment'
  /** The final charge the customer saw and approved; absent on ops queued before it was sent, which the server refuses as a changed charge. */
  finalCents?: number | null
}

/** The customer changes which packages travel in a shipment still only requested. */
export interface SetShipmentPackagesOp extends ShipmentOpBase {
  kind: 'set-shipment-packages'
  packageIds: string[]
}

export interface AdvanceShipmentOp extends ShipmentOpBase {
  kind: 'advance-shipment'
  status: ShipmentStatus
  /** The shipment version this step was made on. */
  baseVersion: number
  details: ShipmentStepDetails | null
  /** The shipment as the server had it when it refused this step as superseded. */
  current?: { status: string; version: number }
}

/**
 * An admin's posting on a customer's account: the op id is its key on the server, so a replay
 * posts nothing more. One customer's postings go in the order they were made.
 */
interface AccountOpBase extends QueuedOpBase {
  customerId: string
  /** Always > 0: what the line takes off (payment, credit) or adds (refund); an adjustment is signed. */
  amountCents: number
}

export interface RecordPaymentOp extends AccountOpBase {
  kind: 'record-payment'
  method: DeskMethod
  reference: string
}

export interface GrantCreditOp extends AccountOpBase {
  kind: 'grant-credit'
  reason: string
}

export interface PostAdjustmentOp extends AccountOpBase {
  kind: 'post-adjustment'
  reason: string
}

/** A desk payment given back (card payments go through Stripe, online). */
export interface RefundPaymentOp extends AccountOpBase {
  kind: 'refund-payment'
  paymentId: string
  reason: string
}

/** An admin's article saved whole, from the version it was edited from (0: new; its id is chosen on the device). */
export interface SaveArticleOp extends QueuedOpBase {
  kind: 'save-article'
  articleId: string
  baseVersion: number
  article: ArticleFields
  /** The article's version on the server when it refused this save as changed meanwhile (state 'conflict'). */
  current?: { version: number }
}

/** An admin's FAQ answer saved, from the version it was edited from (0: new, placed last). */
export interface SaveFaqOp extends QueuedOpBase {
  kind: 'save-faq'
  faqId: string
  baseVersion: number
  faq: FaqFields
  current?: { version: number }
}

/** An FAQ answer put at a position (1 is first), the others keeping their order. */
export interface MoveFaqOp extends QueuedOpBase {
  kind: 'move-faq'
  faqId: string
  position: number
}

/** Buckets and what goes in them (supabase/config.toml). */
export type UploadBucket = 'package-photos' | 'documents' | 'avatars' | 'content'

interface UploadOpBase extends QueuedOpBase {
  kind: 'upload-file'
  bucket: UploadBucket
  /** The object's path, chosen on this device: sent twice, it is stored once. */
  path: string
  /** The file's name as the user chose it (documents), or a name for the photo. */
  name: string
  contentType: string
  size: number
}

/**
 * A file to upload, then list on its row: an admin's photo of a package, a customer's invoice on a
 * prealert or a shipment, a profile photo. It waits behind its row's earlier ops (a photo of a
 * package registered offline goes after the registration). Its bytes wait in `uploads`.
 */
export type UploadOp =
  | (UploadOpBase & { target: 'package-photo'; packageId: string })
  | (UploadOpBase & { target: 'prealert-document'; prealertId: string })
  | (UploadOpBase & { target: 'shipment-document'; shipmentId: string })
  | (UploadOpBase & { target: 'avatar' })
  /** An article's cover: the article's save, queued after it, names its path. */
  | (UploadOpBase & { target: 'article-cover'; articleId: string })

/** A queued file's bytes (an ArrayBuffer: some browsers still fail to store Blobs in IndexedDB). */
export interface UploadBytes {
  opId: string
  bytes: ArrayBuffer
  /** Its resumable upload's URL once Storage gave one: a later try goes on from the offset the server has. */
  uploadUrl?: string
}

/** A stored file this device has shown, kept for viewing offline. */
export interface SeenFile {
  /** `<bucket>/<path>` */
  key: string
  bytes: ArrayBuffer
  contentType: string
  seenAt: number
}

export type PackageOp = StatusOp | RegisterOp
export type PrealertOp = SavePrealertOp | CancelPrealertOp
export type ShipmentOp = RequestShipmentOp | CancelShipmentOp | ApproveShipmentOp | SetShipmentPackagesOp | AdvanceShipmentOp
export type NotificationsOp = MarkNotificationsReadOp | SetPushPreferencesOp | SetNotificationPreferenceOp
export type ContentOp = SaveArticleOp | SaveFaqOp | MoveFaqOp
export type AccountOp = RecordPaymentOp | GrantCreditOp | PostAdjustmentOp | RefundPaymentOp
export type QueuedOp = PackageOp | PrealertOp | ShipmentOp | UploadOp | NotificationsOp | ContentOp | AccountOp

export const isPackageOp = (op: QueuedOp): op is PackageOp => op.kind === 'set-status' || op.kind === 'register-package'
export const isPrealertOp = (op: QueuedOp): op is PrealertOp => op.kind === 'save-prealert' || op.kind === 'cancel-prealert'
export const isShipmentOp = (op: QueuedOp): op is ShipmentOp =>
  op.kind === 'request-shipment' || op.kind === 'cancel-shipment' || op.kind === 'approve-shipment' || op.kind === 'set-shipment-packages' || op.kind === 'advance-shipment'
export const isUploadOp = (op: QueuedOp): op is UploadOp => op.kind === 'upload-file'
export const isAccountOp = (op: QueuedOp): op is AccountOp => 'customerId' in op
export const isContentOp = (op: QueuedOp): op is ContentOp => op.kind === 'save-article' || op.kind === 'save-faq' || op.kind === 'move-faq'

/**
 * What an op changes: a package, a prealert, a shipment, an article (its cover first, then its
 * save), the FAQ, the profile photo, the notification preferences or a customer's account.
 * A subject's ops reach the server one at a time, in order, and wait behind one that waits for its
 * user. Marking read needs no order (each is complete by itself), so each op is its own subject.
 */
export function subjectOf(op: QueuedOp): string {
  if ('packageId' in op) return op.packageId
  if ('prealertId' in op) return op.prealertId
  if ('shipmentId' in op) return op.shipmentId
  if ('articleId' in op) return op.articleId
  // Moves renumber every answer: the FAQ's changes go in the order they were made.
  if ('faqId' in op) return 'faqs'
  if (isAccountOp(op)) return `account:${op.customerId}`
  if (op.kind === 'mark-notifications-read') return op.opId
  return `${op.kind === 'upload-file' ? 'avatar' : 'push-preferences'}:${op.userId}`
}

/**
 * Whose data the device holds, and which of their sign-ins: a new generation starts whenever the
 * owner changes (a sign-out, another user), so writes still on their way for an earlier one drop.
 */
export interface DeviceOwner {
  userId: string
  generation: string
}

/**
 * The owner's row: also the role their session began with, so a reload restores the session from
 * this device even before the profile's first pull has landed (the role came from the server then).
 */
export type OwnerRow = DeviceOwner & { key: string; role?: Role }

/** A package an admin opened from the server's history: kept on the device, outside the working set, while recent. */
export interface OpenedPackage {
  id: string
  openedAt: number
}

/** The last report an admin viewed, kept to open offline. */
export interface SavedReport<Report = unknown> {
  key: 'last'
  /** What was asked: the date range and how days are grouped. */
  request: { from: string; to: string; bucket: 'day' | 'week' }
  report: Report
  /** When the device received it (epoch ms). */
  fetchedAt: number
}

/** The last receivables an admin viewed, kept to open offline. */
export interface SavedReceivables<Receivables = unknown> {
  key: 'receivables'
  report: Receivables
  /** When the device received it (epoch ms). */
  fetchedAt: number
}

/** A few hundred customers of the admin's directory, by a hash of their ids (directory.ts). */
export interface DirectoryBucket {
  bucket: number
  /** Their tuples, as JSON (CustomerTuple[]). */
  customers: string
}

/**
 * Packages kept many to a record (package-chunks.ts: an admin's closed lately, all of a customer's),
 * as a page of a pull brings them: the packages as one JSON string, and the ids a later change took
 * out of the chunks. Chunks are never changed in place: a change writes a new one under a new key.
 */
export interface PackageChunk {
  /** Sorts in the order the chunks were written: a later chunk's packages replace an earlier one's. */
  chunk: string
  /** Their rows, as JSON (LocalPackage[]). */
  rows: string
  removed: string[]
}

/**
 * A person's queued work, set aside while someone else holds the device (owner.ts): an op (a
 * file's bytes stay in `uploads` under its op id) or an article's draft. It is neither sent nor
 * shown until its owner's session takes the device again.
 */
export type KeptWork = { seq?: number; userId: string } & ({ op: QueuedOp } | { draft: ArticleDraft })

/** supabase-js's persisted session, kept where the service worker can read it too. */
export interface AuthItem {
  key: string
  value: string
}

export class LocalDb extends Dexie {
  profiles!: EntityTable<LocalProfile, 'id'>
  packages!: EntityTable<LocalPackage, 'id'>
  prealerts!: EntityTable<PrealertRow, 'id'>
  shipments!: EntityTable<ShipmentRow, 'id'>
  syncState!: EntityTable<SyncState, 'key'>
  outbox!: EntityTable<QueuedOp, 'seq'>
  auth!: EntityTable<AuthItem, 'key'>
  owner!: EntityTable<OwnerRow, 'key'>
  uploads!: EntityTable<UploadBytes, 'opId'>
  seenFiles!: EntityTable<SeenFile, 'key'>
  opened!: EntityTable<OpenedPackage, 'id'>
  reports!: EntityTable<SavedReport | SavedReceivables, 'key'>
  notifications!: EntityTable<NotificationRow, 'id'>
  directory!: EntityTable<DirectoryBucket, 'bucket'>
  packageChunks!: EntityTable<PackageChunk, 'chunk'>
  articles!: EntityTable<ArticleRow, 'id'>
  faqs!: EntityTable<FaqRow, 'id'>
  articleDrafts!: EntityTable<ArticleDraft, 'articleId'>
  accountEntries!: EntityTable<AccountEntryRow, 'id'>
  accountBalances!: EntityTable<AccountBalanceRow, 'user_id'>
  keptWork!: EntityTable<KeptWork, 'seq'>

  constructor(name = 'casillero') {
    super(name)
    this.version(1).stores({
      profiles: 'id',
      lockers: 'user_id',
      packages: 'id, [user_id+updated_at]',
      syncState: 'key',
    })
    this.version(2)
      .stores({
        profiles: 'id, email, created_at, role',
        lockers: null,
        packages: 'id, [user_id+updated_at], [status+updated_at], updated_at, created_at',
        outbox: '++seq, &opId, packageId',
        auth: 'key',
      })
      // Profiles now carry their locker code, pulled with a checkpoint of their own: start both streams over.
      .upgrade((tx) => Promise.all([tx.table('profiles').clear(), tx.table('syncState').clear()]))
    this.version(3).stores({ prealerts: 'id, [user_id+updated_at], tracking_code, state' })
    this.version(4).stores({ outbox: '++seq, &opId, packageId, prealertId' })
    this.version(5)
      .stores({ owner: 'key' })
      // The data already here is the user its checkpoints were pulled for.
      .upgrade(async (tx) => {
        const state = await tx.table<SyncState>('syncState').toCollection().first()
        if (state) await tx.table('owner').put({ key: 'owner', userId: state.userId, generation: crypto.randomUUID() })
      })
    this.version(6).stores({
      shipments: 'id, [user_id+updated_at], status, updated_at',
      outbox: '++seq, &opId, packageId, prealertId, shipmentId',
    })
    this.version(7).stores({ uploads: 'opId', seenFiles: 'key, seenAt' })
    this.version(8).stores({ opened: 'id, openedAt', reports: 'key' })
    this.version(9).stores({ notifications: 'id, created_at' })
    // Every index is written with every row a pull brings: this one only sorted the users list,
    // which reads every profile anyway (admin-queries.ts).
    this.version(10).stores({ profiles: 'id, email, role' })
    // The admin's customer directory, many customers to a record. Its full profiles are now the
    // admins' and those opened; the customers pulled before leave with the next trim.
    this.version(11).stores({ directory: 'bucket' })
    // The site's content as an admin edits it: the server's articles and answers, and the drafts typed here.
    this.version(12).stores({ articles: 'id', faqs: 'id', articleDrafts: 'articleId' })
    // An admin's first sync writes every index of every row it brings: packages created today are
    // found among those updated today, and no read orders shipments by when they changed.
    this.version(13).stores({ packages: 'id, [user_id+updated_at], [status+updated_at], updated_at', shipments: 'id, [user_id+updated_at], status' })
    // The packages that closed lately, on an admin's device: a thousand to a record, read in memory
    // (those pulled before stay rows until they leave the working set; packages holds any package).
    this.version(14).stores({ closedPackages: 'chunk' })
    // Those records hold a customer's every package too: the store is named for what it holds. An
    // IndexedDB store cannot be renamed, so its records move to the new one, which Dexie creates
    // before this upgrade runs and deletes the old one after.
    this.version(15)
      .stores({ closedPackages: null, packageChunks: 'chunk' })
      .upgrade(async (tx) => tx.table('packageChunks').bulkAdd(await tx.table('closedPackages').toArray()))
    // Customers' accounts: a customer's own lines, an admin's of the customers opened, and every balance.
    this.version(16).stores({ accountEntries: 'id, [user_id+created_at]', accountBalances: 'user_id' })
    // A shared desk device keeps each person's queued work while another person holds it.
    this.version(17).stores({ keptWork: '++seq, userId' })
    // The pulled rows, stored as their keys and one JSON string (compact-rows.ts): an admin's first sync stores tens of thousands.
    this.use(compactRows(['packages', 'prealerts', 'shipments']))
  }

  /** What the server's rows fill, with the checkpoints they were pulled to, and the files shown from them. */
  get readModelTables() {
    return [this.profiles, this.packages, this.packageChunks, this.prealerts, this.shipments, this.notifications, this.directory, this.syncState, this.seenFiles, this.opened, this.reports, this.articles, this.faqs, this.accountEntries, this.accountBalances]
  }

  /** The signed-in person's queued work: their unsent changes, the bytes of their queued files, their drafts. */
  get queuedWorkTables() {
    return [this.outbox, this.uploads, this.articleDrafts]
  }

  /** Tables of user data: everything but the persisted session (supabase-js itself ends it) and the owner. */
  get dataTables() {
    return [...this.readModelTables, ...this.queuedWorkTables, this.keptWork]
  }
}

/** The read model every screen renders from (DESIGN §2). */
export const db = new LocalDb()
