import { Trans } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'
import { SignOut } from './sign-out'

/** My Locker (and the admin panel for admins) and logout. */
export function SignedInLinks({ admin }: { admin: boolean }) {
  const lang = useLang()
  return (
    <>
      {admin && (
        <Link to={paths.page(lang, 'adminPanel')} className={buttonClasses('ghost')}>
          <Trans>Admin</Trans>
        </Link>
      )}
      <Link to={paths.page(lang, 'dashboard')} className={buttonClasses('secondary')}>
        <Trans>My Locker</Trans>
      </Link>
      <SignOut />
    </>
  )
}
