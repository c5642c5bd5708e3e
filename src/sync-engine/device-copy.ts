import { isStaff } from '@/business-rules/roles'
import { roleChanged, startOverIfRoleChanged, type DeviceOwner } from '@/local-db/owner'
import type { Supabase } from '@/remote/client'
import { pullCustomerCopy } from './customer-copy'
import { adminPuller } from './working-set'

/**
 * `owner`'s pull, as the role their data is pulled as: staff's working set, or everything of a
 * customer's. A change of role is a new start: the pulled profile that brings it is followed at once
 * by a pull as the new role, from nothing (local-db/owner.ts, `startOverIfRoleChanged`), so a
 * customer made staff gets everyone's open packages, and a customer no longer staff keeps none of
 * the directory. The person's own queued work stays through it.
 */
export function devicePuller(owner: DeviceOwner) {
  const pullWorkingSet = adminPuller(owner)
  return async function pullDeviceCopy(client: Supabase, signal: AbortSignal): Promise<void> {
    do {
      const role = await startOverIfRoleChanged(owner)
      try {
        // The database tells customers of what happens to their things; staff are told nothing,
        // and pull the working set instead of everything.
        if (isStaff(role)) await pullWorkingSet(client, signal)
        else await pullCustomerCopy(client, owner, signal)
      } catch (error) {
        // Refused what the old role could read (an admin made a customer): the pulled profile says so.
        if (signal.aborted || !(await roleChanged(owner))) throw error
      }
    } while (!signal.aborted && (await roleChanged(owner)))
  }
}
