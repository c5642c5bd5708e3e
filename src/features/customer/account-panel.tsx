import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { InstallAppCard } from '@/components/install-app/install-app-card'
import { Link } from '@/components/links'
import { Spinner } from '@/components/ui/spinner'
import { accountPaths } from '@/i18n/account-paths'
import { paths, useLang } from '@/i18n/paths'
import type { LocalProfile } from '@/local-db/queries'
import { AccountControlCard, type SessionEnds } from './account-control/account-control-card'
import { LockerCard } from './locker-card'
import { MailLanguageCard } from './mail-language-card'
import { NotificationSettings } from './notifications/notification-settings'
import { ProfileCard, type SaveProfile } from './profile-card'

/** Who the customer is and how the app reaches them: profile, locker, statement, notifications, installing the app, and control of their data and account; and, for staff, `twoStep` (their two-step verification, composed by the app). */
export function AccountPanel({ userId, profile, saveProfile, sessionEnds, twoStep }: { userId: string; profile: LocalProfile | undefined; saveProfile: SaveProfile; sessionEnds: SessionEnds; twoStep?: ReactNode }) {
  const { t } = useLingui()
  const lang = useLang()
  return (
    <div className="space-y-6">
      {profile ? <ProfileCard key={profile.updated_at} profile={profile} saveProfile={saveProfile} /> : <Spinner label={t`Loading your profile…`} />}
      {profile && <MailLanguageCard key={profile.updated_at} lang={profile.lang ?? 'es'} saveProfile={saveProfile} />}
      {profile?.locker_code && <LockerCard profile={profile} lockerCode={profile.locker_code} />}
      <Link to={accountPaths.statement(lang)} className="block rounded-2xl border border-slate-200 bg-white p-5 font-bold text-brand-700 shadow-sm hover:underline dark:border-slate-800 dark:bg-slate-900 dark:text-brand-100">
        <Trans>Statement: what you owe, payments and receipts</Trans>
      </Link>
      <Link to={accountPaths.messages(lang)} className="block rounded-2xl border border-slate-200 bg-white p-5 font-bold text-brand-700 shadow-sm hover:underline dark:border-slate-800 dark:bg-slate-900 dark:text-brand-100">
        <Trans>My messages: what you wrote to us, and our answers</Trans>
      </Link>
      <NotificationSettings userId={userId} />
      {twoStep}
      <InstallAppCard />
      <AccountControlCard sessionEnds={sessionEnds} />
      <Link to={paths.page(lang, 'calculator')} className="block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
        <Trans>Price a shipment with the calculator</Trans>
      </Link>
    </div>
  )
}
