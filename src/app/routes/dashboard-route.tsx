import { lazy, Suspense } from 'react'
import { useMatches, useParams } from 'react-router'
import { isStaff } from '@/business-rules/roles'
import { connectAuth, signOut, signOutEverywhere } from '@/features/auth/auth-session'
import { goodbyePath } from '@/features/auth/goodbye-path'
import { TwoStepCard } from '@/features/auth/two-step/two-step-card'
import type { SessionEnds } from '@/features/customer/account-control/account-control-card'
import { DashboardPage } from '@/features/customer/dashboard-page'
import type { DashboardTab } from '@/i18n/dashboard-tabs'
import { useSessionStore, useSessionUser } from '@/stores/session-store'
import { saveProfile } from '@/sync-engine/profile'
import { useAppShell } from '../layout/use-app-shell'

/** What a dashboard route says of itself in the router (`handle`): which tab it is. */
export interface DashboardHandle {
  dashboardTab: DashboardTab
}

/** The statement and the receipts, under the account tab: loaded when first opened. */
const sessionEnds: SessionEnds = {
  everywhere: () => signOutEverywhere(),
  afterDeletion: () => signOut({ to: goodbyePath }),
}

const AccountScreens = lazy(async () => ({ default: (await import('@/features/customer/account/account-routes')).AccountRoutes }))

/**
 * Composes the customer's dashboard, one tab per screen in the app's shell, with the one write it
 * makes online: saving the profile; the ends of a session the account tab offers, and staff's
 * two-step verification there. Below the
 * account tab, its own screens.
 */
export function DashboardRoute() {
  const user = useSessionUser()!
  const handle = useMatches().at(-1)?.handle as DashboardHandle | undefined
  const below = useParams()['*']
  const tabbed = useAppShell()
  const staff = useSessionStore((state) => isStaff(state.role))
  if (handle?.dashboardTab === 'account' && below) {
    return (
      <Suspense fallback={null}>
        <AccountScreens />
      </Suspense>
    )
  }
  return (
    <DashboardPage
      tab={handle?.dashboardTab ?? 'packages'}
      tabbed={tabbed}
      saveProfile={async (changes) => saveProfile(await connectAuth(), user.id, changes)}
      sessionEnds={sessionEnds}
      twoStep={staff && <TwoStepCard />}
    />
  )
}
