import { sitePath } from '@/components/site-path'
import { defaultLang, isLang } from '@/i18n/locales'
import { paths } from '@/i18n/paths'
import type { Role } from '@/stores/session-store'
import { isProtectedPath, routeOf } from './auth-paths'
import { isStaff } from '@/business-rules/roles'

/**
 * Where a sign-in lands: the protected page the user was sent away from, when they may see it;
 * else, from the admin login, the admin area (SPEC §6); else the admin panel for admins and the
 * dashboard for customers (SPEC §4).
 */
export function destinationAfterSignIn(location: { pathname: string; search: string }, role: Role): string {
  const lang = routeOf(location.pathname).lang ?? (isLang(document.documentElement.lang) ? document.documentElement.lang : defaultLang)
  const redirectTo = sitePath(new URLSearchParams(location.search).get('redirectTo') ?? '')
  if (redirectTo && isSafeRedirect(redirectTo, role)) return redirectTo
  if (isStaff(role) && routeOf(location.pathname).page === 'adminLogin') return paths.admin()
  return isStaff(role) ? paths.page(lang, 'adminPanel') : paths.page(lang, 'dashboard')
}

/** Whether `path`, a path of this site, is a protected page this role may see. */
function isSafeRedirect(path: string, role: Role): boolean {
  const { page } = routeOf(path)
  const adminOnly = page === 'admin' || page === 'adminPanel'
  return isProtectedPath(path) && (!adminOnly || isStaff(role))
}
