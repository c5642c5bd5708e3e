import { Trans } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { Link } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'
import { useHydrated } from './use-hydrated'
import { isStaff } from '@/business-rules/roles'

const signedOut = { user: null, role: null, loading: false }

// Most visitors are signed out: a first visit does not download what only a session shows.
const SignedInLinks = lazy(async () => ({ default: (await import('./signed-in-links')).SignedInLinks }))

/**
 * Signed in: My Locker (and the admin panel for admins) and logout; signed out: login and
 * create-mailbox. In the header's bar (`bar`) the links show on wide screens only (narrow ones have
 * them in the menu), and a customer's notifications bell always.
 */
export function AccountLinks({ bar = false }: { bar?: boolean }) {
  const lang = useLang()
  const session = useSessionStore()
  // Prerendered pages show the signed-out links (most visitors); a session shows after hydration.
  const { user, role, loading } = useHydrated() ? session : signedOut
  if (loading) return null

  if (!user) {
    return (
      <div className={bar ? 'hidden items-center gap-2 md:flex' : 'contents'}>
        <Link to={paths.page(lang, 'login')} className={buttonClasses('ghost')}>
          <Trans>Log in</Trans>
        </Link>
        <Link to={paths.page(lang, 'signup')} className={buttonClasses('primary')}>
          <Trans>Create mailbox</Trans>
        </Link>
      </div>
    )
  }

  return (
    <Suspense>
      <SignedInLinks admin={isStaff(role)} bar={bar} />
    </Suspense>
  )
}
