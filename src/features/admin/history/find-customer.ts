import { findCustomerByEmail } from '@/local-db/admin-queries'
import type { LocalProfile } from '@/local-db/queries'
import { keepFetched } from '@/local-db/working-set'
import { searchHistory } from '@/remote/history'
import { useConnectivityStore } from '@/stores/connectivity-store'

/**
 * A customer by exact email (any case): from the device, or, when the device does not hold them
 * (no activity in the last 30 days) and the server answers, from the whole history, then kept on
 * the device like a package the admin opened.
 */
export async function findCustomer(adminId: string, email: string): Promise<LocalProfile | null> {
  const local = await findCustomerByEmail(email)
  if (local || !useConnectivityStore.getState().reachable) return local
  const wanted = email.trim().toLowerCase()
  const { profiles } = await searchHistory(wanted, 0, 1)
  const found = profiles.find((profile) => profile.deleted_at === null && profile.email?.toLowerCase() === wanted)
  if (!found) return null
  await keepFetched(adminId, { profiles: [found], opened: [found.id] })
  return findCustomerByEmail(email)
}
