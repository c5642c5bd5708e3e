import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonClasses } from '@/components/ui/button'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'

/** Signed in: My Locker (and the admin panel for admins) and logout; signed out: login and create-mailbox. */
export function AccountLinks() {
  const lang = useLang()
  const { user, role, loading } = useSessionStore()
  const [leaving, setLeaving] = useState(false)
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
      <Button
        variant="ghost"
        busy={leaving}
        onClick={async () => {
          setLeaving(true)
          try {
            // Loaded on demand: the auth client and the local database stay out of the first paint.
            const { signOut } = await import('@/features/auth/auth-session')
            await signOut()
          } finally {
            setLeaving(false)
          }
        }}
      >
        <Trans>Log out</Trans>
      </Button>
    </>
  )
}
