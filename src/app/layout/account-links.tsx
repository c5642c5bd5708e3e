import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'
import { SignOut } from './sign-out'

/** Signed in: My Locker (and the admin panel for admins) and logout; signed out: login and create-mailbox. */
export function AccountLinks() {
  const lang = useLang()
  const { user, role, loading } = useSessionStore()
  if (loading) return null

  if (!user) {
    return (
      <>
        <Link to={paths.page(lang, 'login')} className={buttonClasses('ghost')}>
          <Trans>Log in</Trans>
        </Link>
        <Link to={paths.page(lang, 'signup')} className={buttonClasses('primary')}>
          <Trans>Create mailbox</Trans>
        </Link>
      </>
    )
  }

  return (
    <>
      {role === 'admin' && (
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
