import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import { PageMeta } from '@/components/page-meta'
import type { DashboardTab } from '@/i18n/dashboard-tabs'
import { useProfile } from '@/local-db/queries'
import { useSessionUser } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import type { SessionEnds } from './account-control/account-control-card'
import { AccountPanel } from './account-panel'
import { PackageList } from './package-list'
import { PrealertsSection } from './prealerts/prealerts-section'
import { type SaveProfile } from './profile-card'
import { ShipmentsSection } from './shipments/shipments-section'
import { SyncLine } from './sync-line'
import { UnsentChanges } from './unsent-changes'

/** The heading each tab's part of the page starts with, for a wide screen to scroll to. */
const headingOf: Record<DashboardTab, string> = {
  packages: 'packages-heading',
  shipments: 'shipments-heading',
  prealerts: 'prealerts-heading',
  account: 'profile-heading',
}

/**
 * Renders only the local read model: online, offline and just-reconnected look the same.
 * `tabbed` (a phone, or the installed app): `tab` alone, the others a tap away in the tab bar; else
 * the whole locker on one page, scrolled to `tab`. `twoStep`: staff's two-step verification, in the account.
 */
export function DashboardPage({ saveProfile, sessionEnds, tab, tabbed, twoStep }: { saveProfile: SaveProfile; sessionEnds: SessionEnds; tab: DashboardTab; tabbed: boolean; twoStep?: ReactNode }) {
  const { t } = useLingui()
  const user = useSessionUser()!
  const profile = useProfile(user.id)
  const syncError = useSyncStatusStore((state) => state.error)

  useEffect(() => {
    if (!tabbed && tab !== 'packages') document.getElementById(headingOf[tab])?.scrollIntoView()
  }, [tab, tabbed])

  const packages = <PackageList userId={user.id} plan={profile?.plan} />
  const shipments = <ShipmentsSection userId={user.id} />
  const prealerts = <PrealertsSection userId={user.id} />
  const account = <AccountPanel userId={user.id} profile={profile} saveProfile={saveProfile} sessionEnds={sessionEnds} twoStep={twoStep} />

  return (
    <div className={`mx-auto max-w-6xl space-y-6 px-4 ${tabbed ? 'py-4' : 'py-8'}`}>
      <PageMeta title={t`My locker`} description={t`Your locker, US address and packages.`} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className={`${tabbed ? 'sr-only' : 'text-3xl'} font-extrabold`}>
          <Trans>My locker</Trans>
        </h1>
        <SyncLine userId={user.id} />
      </div>
      <UnsentChanges userId={user.id} />
      {syncError && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <Trans>We could not refresh your data: {syncError}</Trans>
        </p>
      )}
      {tabbed ? (
        { packages, shipments, prealerts, account }[tab]
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
          {account}
          <div className="space-y-8">
            {shipments}
            {prealerts}
            {packages}
          </div>
        </div>
      )}
    </div>
  )
}
