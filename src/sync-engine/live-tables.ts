import type { Role } from '@/local-db/rows'
import type { WatchedTable } from '@/remote/live-changes'
import { isStaff } from '@/business-rules/roles'

/**
 * What each role hears about live: a customer their own packages, profile, locker, prealerts,
 * shipments, notifications and account lines; staff (a clerk or an admin) every package, profile, locker, prealert,
 * shipment and balance the admin screens list (a balance that moves re-pulls an open statement). Row level security would hold back other
 * customers' rows anyway; the filters spare the server from checking them.
 */
export function liveTablesFor(userId: string, role: Role): WatchedTable[] {
  if (isStaff(role)) return [{ table: 'packages' }, { table: 'profiles' }, { table: 'lockers' }, { table: 'prealerts' }, { table: 'shipments' }, { table: 'account_balances' }]
  return [
    { table: 'packages', filter: `user_id=eq.${userId}` },
    { table: 'profiles', filter: `id=eq.${userId}` },
    { table: 'lockers', filter: `user_id=eq.${userId}` },
    { table: 'prealerts', filter: `user_id=eq.${userId}` },
    { table: 'shipments', filter: `user_id=eq.${userId}` },
    { table: 'notifications', filter: `user_id=eq.${userId}` },
    { table: 'account_entries', filter: `user_id=eq.${userId}` },
  ]
}
