import { Trans, useLingui } from '@lingui/react/macro'
import { Navigate, Outlet, useLocation } from 'react-router'
import { buttonClasses } from '@/components/ui/button-classes'
import { Spinner } from '@/components/ui/spinner'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'

/**
 * Navigation UX only: the database (RLS) is the real guard. Signed-out users go to the login that
 * fits the area, remembering where they were; a customer on an admin route goes to the dashboard.
 */
export function RequireSession({ admin = false }: { admin?: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const location = useLocation()
  const { user, role, loading, leaving, failure } = useSessionStore()
  if (failure && !user) return <SessionFailure reason={failure} />
  if (loading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-8" label={t`Loading your session…`} />
      </div>
    )
  }
  const here = `${location.pathname}${location.search}`
  if (!user) {
    if (leaving?.from === location.pathname) return <Navigate replace to={leaving.to} />
    const adminArea = location.pathname.startsWith('/admin')
    return <Navigate replace to={adminArea ? paths.adminLogin(here) : paths.login(lang, here)} />
  }
  if (admin && role !== 'admin') return <Navigate replace to={paths.page(lang, 'dashboard')} />
  return <Outlet />
}

/** The account could not be opened on this device (its storage, or the code that signs in, failed): say so, and offer a way on. */
function SessionFailure({ reason }: { reason: string }) {
  const lang = useLang()
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Your account could not be opened on this device</Trans>
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        <Trans>This browser could not load what signing in needs, or could not read its saved data. Check your connection and reload; in a private window, storage may be turned off.</Trans>
      </p>
      <p className="font-mono text-sm text-slate-600 dark:text-slate-400">{reason}</p>
      <div className="flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => location.reload()}>
          <Trans>Reload</Trans>
        </button>
        <a href={paths.home(lang)} className={buttonClasses('secondary')}>
          <Trans>Back to home</Trans>
        </a>
      </div>
    </div>
  )
}
