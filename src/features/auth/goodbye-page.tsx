import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { paths, useLang } from '@/i18n/paths'
import { AuthShell } from './auth-shell'

/** After the account was deleted: this device is signed out and holds nothing of it. */
export function GoodbyePage() {
  const { t } = useLingui()
  const lang = useLang()
  return (
    <AuthShell title={t`Your account has been deleted`} description={t`Thank you for shipping with us.`}>
      <p className="mb-4 text-sm">
        <Trans>Your personal details, files and sign-in have been removed, and this device no longer holds any of your data. The records the law asks us to keep stay under a deleted customer.</Trans>
      </p>
      <Link to={paths.home(lang)} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
        <Trans>Go to the home page</Trans>
      </Link>
    </AuthShell>
  )
}
