import { useLingui } from '@lingui/react/macro'
import { Navigate, Outlet, useLocation } from 'react-router'
import { isStaff } from '@/business-rules/roles'
import { Spinner } from '@/components/ui/spinner'
import { SessionFailure } from '@/features/auth/session-failure'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'

/**
 * Navigation UX only: the database (RLS) is the real guard. Signed-out users go to the login that
 * fits the area, remembering where they were; a customer on a staff route goes to the dashboard.
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
  if (admin && !isStaff(role)) return <Navigate replace to={paths.page(lang, 'dashboard')} />
  return <Outlet />
}
