import { isLang, type Lang } from '@/i18n/locales'
import { pageFromSlug, type PageKey } from '@/i18n/slugs'

export function routeOf(pathname: string): { lang: Lang | null; page: PageKey | 'authCallback' | 'admin' | 'adminLogin' | null } {
  const [, first, second] = pathname.split('/')
  if (first === 'auth' && second === 'callback') return { lang: null, page: 'authCallback' }
  if (first === 'admin') return { lang: null, page: second === 'login' ? 'adminLogin' : 'admin' }
  return { lang: isLang(first) ? first : null, page: second ? (pageFromSlug(second) ?? null) : null }
}

/** SPEC §2: paths containing /dashboard, /admin-panel or /admin are protected. */
export function isProtectedPath(pathname: string): boolean {
  const { page } = routeOf(pathname)
  return page === 'dashboard' || page === 'adminPanel' || page === 'admin'
}

/** Screens that finish a sign-in themselves, so the global sign-in redirect leaves them alone. */
export function handlesItsOwnSignIn(pathname: string): boolean {
  const { page } = routeOf(pathname)
  return page === 'authCallback' || page === 'signup' || page === 'resetPassword'
}

/** Screens that need the auth client as soon as they open (a session may arrive in the URL). */
export function needsAuthClient(pathname: string): boolean {
  const { page } = routeOf(pathname)
  return isProtectedPath(pathname) || page === 'authCallback' || page === 'resetPassword'
}
