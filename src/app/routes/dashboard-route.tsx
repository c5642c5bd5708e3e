import { connectAuth } from '@/features/auth/auth-session'
import { DashboardPage } from '@/features/customer/dashboard-page'
import { useSessionUser } from '@/stores/session-store'
import { saveProfile } from '@/sync-engine/profile'

/** Composes the customer's dashboard with the one write it makes online: saving the profile. */
export function DashboardRoute() {
  const user = useSessionUser()!
  return <DashboardPage saveProfile={async (changes) => saveProfile(await connectAuth(), user.id, changes)} />
}
