import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { Spinner } from '@/components/ui/spinner'
import { UsAddress } from '@/components/us-address'
import { paths, useLang } from '@/i18n/paths'
import { useProfile } from '@/local-db/queries'
import { AuthShell } from './auth-shell'

/** After signup: the locker number and the full US address, then on to the dashboard. */
export function SignupSuccess({ userId, fullName }: { userId: string; fullName: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const lockerCode = useProfile(userId)?.locker_code
  return (
    <AuthShell title={t`Your mailbox is ready!`} description={t`Use this address as the shipping address in any US store.`}>
      {lockerCode ? (
        <div className="space-y-4">
          <p>
            <Trans>Your locker number</Trans>
            <strong data-testid="locker-code" className="mt-1 block font-mono text-3xl text-brand-700 dark:text-brand-100">
              {lockerCode}
            </strong>
          </p>
          <UsAddress fullName={fullName} lockerCode={lockerCode} />
        </div>
      ) : (
        <Spinner label={t`Loading your locker…`} />
      )}
      <Link to={paths.page(lang, 'dashboard')} className={`${buttonClasses('primary', 'lg')} mt-6 w-full`}>
        <Trans>Continue to my locker</Trans>
      </Link>
    </AuthShell>
  )
}
