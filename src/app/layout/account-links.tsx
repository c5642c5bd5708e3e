import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'
import { SignOut } from './sign-out'
import { useHydrated } from './use-hydrated'

const signedOut = { user: null, role: null, loading: false }

/** Signed in: My Locker (and the admin panel for admins) and logout; signed out: login and create-mailbox. */
export function AccountLinks() {
  const lang = useLang()
  const session = useSessionStore()
  // Prerendered pages show the signed-out links (most visitors); a session shows after hydration.
  const { user, role, loading } = useHydrated() ? session : signedOut
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
