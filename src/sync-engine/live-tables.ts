import type { Role } from '@/local-db/rows'
import type { WatchedTable } from '@/remote/live-changes'

/**
 * What each role hears about live: a customer their own packages, profile, locker, prealerts,
 * shipments and notifications; an admin every package, profile, locker, prealert and shipment the admin screens list. Row level security would hold back other
 * customers' rows anyway; the filters spare the server from checking them.
 */
export function liveTablesFor(userId: string, role: Role): WatchedTable[] {
  if (role === 'admin') return [{ table: 'packages' }, { table: 'profiles' }, { table: 'lockers' }, { table: 'prealerts' }, { table: 'shipments' }]
  return [
    { table: 'packages', filter: `user_id=eq.${userId}` },
    { table: 'profiles', filter: `id=eq.${userId}` },
    { table: 'lockers', filter: `user_id=eq.${userId}` },
    { table: 'prealerts', filter: `user_id=eq.${userId}` },
    { table: 'shipments', filter: `user_id=eq.${userId}` },
    { table: 'notifications', filter: `user_id=eq.${userId}` },
  ]
}
