import { useMatches } from 'react-router'
import { connectAuth } from '@/features/auth/auth-session'
import { DashboardPage } from '@/features/customer/dashboard-page'
import type { DashboardTab } from '@/i18n/dashboard-tabs'
import { useSessionUser } from '@/stores/session-store'
import { saveProfile } from '@/sync-engine/profile'
import { useAppShell } from '../layout/use-app-shell'

/** What a dashboard route says of itself in the router (`handle`): which tab it is. */
export interface DashboardHandle {
  dashboardTab: DashboardTab
}

/** Composes the customer's dashboard, one tab per screen in the app's shell, with the one write it makes online: saving the profile. */
export function DashboardRoute() {
  const user = useSessionUser()!
  const handle = useMatches().at(-1)?.handle as DashboardHandle | undefined
  return <DashboardPage tab={handle?.dashboardTab ?? 'packages'} tabbed={useAppShell()} saveProfile={async (changes) => saveProfile(await connectAuth(), user.id, changes)} />
}
