import { useLiveQuery } from 'dexie-react-hooks'
import { db, type QueuedOp, type SetNotificationPreferenceOp, type SetPushPreferencesOp } from './db'
import type { MailKind, NotificationKind } from './rows'

/** The kinds turned off on each channel. */
export interface MutedKinds {
  in_app: readonly NotificationKind[]
  push: readonly NotificationKind[]
  mail: readonly MailKind[]
}

type PreferenceOp = SetNotificationPreferenceOp | SetPushPreferencesOp

const isPendingPreference = (userId: string) => (op: QueuedOp): op is PreferenceOp =>
  op.userId === userId && op.state === 'pending' && (op.kind === 'set-notification-preference' || op.kind === 'set-push-preferences')

/** `muted` with `kinds` taken out (on) or put in (off), as the database's muted_kinds_with does. */
export function mutedWith<Kind extends string>(muted: readonly Kind[], kinds: readonly Kind[], on: boolean): Kind[] {
  const rest = muted.filter((kind) => !kinds.includes(kind))
  return on ? rest : [...rest, ...kinds]
}

function applied(muted: MutedKinds, op: PreferenceOp): MutedKinds {
  if (op.kind === 'set-push-preferences') return { ...muted, push: op.pushMuted }
  const list = muted[op.channel] as readonly string[]
  return { ...muted, [op.channel]: mutedWith(list, op.kinds, op.on) }
}

/**
 * What `userId` turned off, as this device last chose it: the profile's lists with the choices still
 * on their way to the server over them, in order (a refused one no longer counts).
 */
export async function mutedKindsOf(userId: string, ops?: readonly QueuedOp[]): Promise<MutedKinds> {
  const profile = await db.profiles.get(userId)
  const saved: MutedKinds = { in_app: profile?.in_app_muted ?? [], push: profile?.push_muted ?? [], mail: profile?.mail_muted ?? [] }
  return (ops ?? (await db.outbox.toArray())).filter(isPendingPreference(userId)).reduce(applied, saved)
}

/** mutedKindsOf, live; undefined while loading. */
export function useMutedKinds(userId: string): MutedKinds | undefined {
  return useLiveQuery(() => mutedKindsOf(userId), [userId])
}
