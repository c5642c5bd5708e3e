import { useEffect } from 'react'
import { useProfile } from '@/local-db/queries'
import { keepFetched } from '@/local-db/working-set'
import { fetchProfiles } from '@/remote/profiles'
import { useOnline } from '@/stores/connectivity-store'

/**
 * A customer the admin opened: their full profile (address, ID number), fetched when they are opened
 * online and kept on the device for 30 days, so it shows offline afterwards; undefined while none is
 * here (the directory's summary serves meanwhile).
 */
export function useOpenedCustomer(adminId: string, customerId: string | null) {
  const online = useOnline()
  useEffect(() => {
    if (!customerId || !online) return
    const controller = new AbortController()
    fetchProfiles([customerId], controller.signal)
      .then((profiles) => keepFetched(adminId, { profiles, opened: [customerId] }))
      // Not there, or not now: the directory still names the customer.
      .catch(() => undefined)
    return () => controller.abort()
  }, [adminId, customerId, online])
  return useProfile(customerId ?? '')
}
