import { Trans, useLingui } from '@lingui/react/macro'
import { planTerms } from '@/business-rules/plans'
import { InstallAppCard } from '@/components/install-app/install-app-card'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { planNames } from '@/components/plan-names'
import { Spinner } from '@/components/ui/spinner'
import { UsAddress } from '@/components/us-address'
import { paths, useLang } from '@/i18n/paths'
import { useProfile } from '@/local-db/queries'
import { useSessionUser } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { PackageList } from './package-list'
import { PrealertsSection } from './prealerts/prealerts-section'
import { ShipmentsSection } from './shipments/shipments-section'
import { NotificationSettings } from './notifications/notification-settings'
import { ProfileCard, type SaveProfile } from './profile-card'
import { SyncLine } from './sync-line'
import { UnsentChanges } from './unsent-changes'

/** Renders only the local read model: online, offline and just-reconnected look the same. */
export function DashboardPage({ saveProfile }: { saveProfile: SaveProfile }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const user = useSessionUser()!
  const profile = useProfile(user.id)
  const syncError = useSyncStatusStore((state) => state.error)
  const plan = profile?.plan ?? 'basic'

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <PageMeta title={t`My locker`} description={t`Your locker, US address and packages.`} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-extrabold">
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
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-6">
          {profile ? <ProfileCard key={profile.updated_at} profile={profile} saveProfile={saveProfile} /> : <Spinner label={t`Loading your profile…`} />}
          {profile?.locker_code && (
            <section aria-labelledby="locker-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <h2 id="locker-heading" className="text-lg font-bold">
                <Trans>Locker</Trans>{' '}
                <span data-testid="locker-code" className="font-mono text-brand-700 dark:text-brand-100">
                  {profile.locker_code}
                </span>
              </h2>
              <UsAddress fullName={profile.full_name ?? ''} lockerCode={profile.locker_code} />
              <p data-testid="plan" className="text-sm text-slate-600 dark:text-slate-400">
                <Trans>
                  Plan {i18n._(planNames[plan])}: {planTerms[plan].freeStorageDays} days of free storage
                </Trans>
              </p>
            </section>
          )}
          <NotificationSettings userId={user.id} />
          <InstallAppCard />
          <Link to={paths.page(lang, 'calculator')} className="block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
            <Trans>Price a shipment with the calculator</Trans>
          </Link>
        </div>
        <div className="space-y-8">
          <ShipmentsSection userId={user.id} />
          <PrealertsSection userId={user.id} />
          <PackageList userId={user.id} plan={profile?.plan} />
        </div>
      </div>
    </div>
  )
}
