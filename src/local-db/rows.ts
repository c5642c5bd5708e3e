/** Rows as the database sends them to the read model (supabase/migrations). */
import type { PriceBreakdown, ShipmentService } from '@/business-rules/shipment-price'
import type { PlanId } from '@/business-rules/plans'
import type { Role } from '@/business-rules/roles'

export const packageStatuses = ['recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado'] as const
export type PackageStatus = (typeof packageStatuses)[number]

export function isPackageStatus(value: unknown): value is PackageStatus {
  return typeof value === 'string' && (packageStatuses as readonly string[]).includes(value)
}

export type { Role } from '@/business-rules/roles'

export interface ProfileRow {
  id: string
  email: string | null
  full_name: string | null
  phone: string | null
  role: Role
  /** Absent on rows stored before plans existed: those are Basic (the column's default). */
  plan?: PlanId
  country: string | null
  delivery_address: string | null
  city: string | null
  postal_code: string | null
  id_number: string | null
  /** The profile photo's path in the avatars bucket; absent on rows stored before profile photos. */
  avatar_path?: string | null
  /** The notification kinds not pushed to this user's devices; absent on rows stored before push. */
  push_muted?: NotificationKind[]
  /** The language of the mail sent to this user; absent on rows stored before it was kept. */
  lang?: 'es' | 'en'
  /** The kinds of mail this user turned off; absent on rows stored before it was pulled. */
  mail_muted?: MailKind[]
  /** The notification kinds left out of this user's inbox and badge; absent on rows stored before. */
  in_app_muted?: NotificationKind[]
  created_at: string
  updated_at: string
}

/** A file a customer attached to a prealert or a shipment (a purchase invoice), in the documents bucket. */
export interface DocumentRef {
  path: string
  name: string
  type: string
  added_at: string
}

/** A `pull_profiles` row: the profile with its locker code, or a tombstone (`deleted_at` set, nothing else). */
export type PulledProfile = (ProfileRow & { locker_code: string | null; deleted_at: null }) | { id: string; deleted_at: string }

export interface PackageEvent {
  status: string
  changed_at: string
  recorded_at: string
}

/** A package as every RPC returns it: the row (without its change_xid) and its applied status history. */
export interface PackageRow {
  id: string
  user_id: string
  locker_code: string
  tracking_code: string | null
  status: string
  weight_kg: number | string | null
  volume_m3: number | string | null
  meta: Record<string, unknown> | null
  public_token: string
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
  events: PackageEvent[]
}

export const prealertStates = ['announced', 'received', 'cancelled'] as const
export type PrealertState = (typeof prealertStates)[number]

/** A customer's announcement of an incoming purchase; the warehouse links it to the package on arrival. */
export interface PrealertRow {
  id: string
  user_id: string
  /** Normalised by the database: trimmed, uppercase, no whitespace. */
  tracking_code: string
  store: string
  description: string
  declared_value_usd: number | string
  expected_on: string | null
  state: PrealertState
  package_id: string | null
  /** Absent on rows stored before documents existed. */
  documents?: DocumentRef[]
  version: number
  created_at: string
  updated_at: string
}

/** One page of a pull RPC after a checkpoint, and the next checkpoint. */
export interface PullPage<Row> {
  rows: Row[]
  checkpoint: string | null
  has_more: boolean
}

export const shipmentStatuses = ['requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered', 'cancelled'] as const
export type ShipmentStatus = (typeof shipmentStatuses)[number]
export type { PriceBreakdown, ShipmentService }

/** The customer's choices for a shipment (the last three are free). */
export interface ShipmentOptions {
  insurance: boolean
  repack: boolean
  remove_invoices: boolean
  extra_protection: boolean
}

/** Where a shipment goes, as the customer gave it for this shipment. */
export interface ShipmentAddress {
  name: string
  address: string
  city: string
  postal_code: string
  country: string
  phone: string
  id_number: string
}

/** A line of the customs declaration. */
export interface ShipmentItem {
  position: number
  description: string
  quantity: number
  unit_value_cents: number
}

export interface ShipmentEvent {
  status: ShipmentStatus
  changed_at: string
  recorded_at: string
  /** The charge an awaiting_approval event set; absent on rows stored before charges were kept. */
  final_cents?: number | null
  final?: PriceBreakdown | null
  /** Why the box is weighed again, on the processing event that went back from awaiting_approval. */
  reason?: string | null
}

/** A shipment as every shipment RPC and `pull_shipments` return it. */
export interface ShipmentRow {
  id: string
  user_id: string
  status: ShipmentStatus
  service: ShipmentService
  options: ShipmentOptions
  address: ShipmentAddress
  declared_total_cents: number
  estimate_cents: number
  estimate: PriceBreakdown
  final_cents: number | null
  final: PriceBreakdown | null
  weight_kg: number | null
  length_cm: number | null
  width_cm: number | null
  height_cm: number | null
  carrier: string | null
  outbound_tracking: string | null
  /** Absent on rows stored before documents existed. */
  documents?: DocumentRef[]
  version: number
  created_at: string
  updated_at: string
  items: ShipmentItem[]
  events: ShipmentEvent[]
  package_ids: string[]
}

export const notificationKinds = ['package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day', 'payment_received', 'charge_due'] as const
export type NotificationKind = (typeof notificationKinds)[number]

/** What is mailed (public.mail_outbox): a delivery has a mail of its own, and a receipt is always mailed. */
export const mailKinds = ['package_received', 'package_delivered', 'storage_ending', 'storage_last_day', 'shipment_awaiting_approval', 'charge_due', 'payment_received', 'shipment_shipped', 'shipment_delivered'] as const
export type MailKind = (typeof mailKinds)[number]

/** Where a customer is told: the inbox (and badge), push to their devices, e-mail. */
export type NotificationChannel = 'in_app' | 'push' | 'mail'

/** What a notification is about, as the database wrote it when the thing happened. */
export interface NotificationPayload {
  package_id?: string
  tracking_code?: string | null
  status?: string
  /** The prealert a received package matched. */
  prealert?: { id: string; store: string; description: string }
  shipment_id?: string
  final_cents?: number
  carrier?: string
  outbound_tracking?: string
  /** Free storage days left when a storage reminder was made (absent on reminders made before it was told). */
  days_left?: number
  /** A payment's account line (its receipt), or what a charge or payment is for, in cents. */
  entry_id?: string
  amount_cents?: number
  receipt_number?: number
}

/** Something a customer is told of (public.notifications): made by the database, never by a device. */
export interface NotificationRow {
  id: string
  kind: NotificationKind
  payload: NotificationPayload
  created_at: string
  read_at: string | null
  /** Where the pull had it, with its id: the transaction that last wrote it (absent on rows pulled before the server said). */
  change_xid?: string
}
