import { createBrowserRouter, matchRoutes, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { activateLang } from '@/i18n/activate'
import { dashboardTabs } from '@/i18n/dashboard-tabs'
import { defaultLang, isLang } from '@/i18n/locales'
import { paths } from '@/i18n/paths'
import { preferredLang } from '@/i18n/preferred-lang'
import { pageFromSlug, pageSlugs, slugsOf, type PageKey } from '@/i18n/slugs'
import { goodbyePath } from '@/features/auth/goodbye-path'
import { hasStoredSession } from '@/remote/session-hint'
import { AppErrorPage } from './layout/app-error-page'
import { PublicLayout } from './layout/public-layout'
import { adminArea, adminPages, blogArticlePage, customerArea, customerPages, newsletterPage, notFoundPage, publicPages, requireSession, unsubscribePage, withCatalog } from './public-pages'
import type { DashboardHandle } from './routes/dashboard-route'

/** `/:lang/...` with an unknown language goes to the preferred one, keeping a known page slug. */
export async function langLoader({ params, request }: LoaderFunctionArgs) {
  const lang = params.lang
  if (!isLang(lang)) {
    const slug = lang && pageFromSlug(lang) ? `/${lang}` : ''
    throw redirect(`/${preferredLang()}${slug}${new URL(request.url).search}`)
  }
  await activateLang(lang)
  return null
}

/** Routes outside `/:lang` speak the saved (or browser) language. */
async function preferredLangLoader() {
  await activateLang(preferredLang())
  return null
}

/** Every slug of every page, in both languages: `/en/precios` works as well as `/en/pricing`. */
function slugRoutes(pages: Partial<Record<PageKey, NonNullable<RouteObject['lazy']>>>): RouteObject[] {
  return (Object.keys(pageSlugs) as PageKey[]).flatMap((page) => {
    const lazy = pages[page]
    return lazy ? slugsOf(page).map((slug) => ({ path: slug, lazy })) : []
  })
}

export const routes: RouteObject[] = [
  {
    errorElement: <AppErrorPage />,
    // The first loaders (catalog activation) settle within a frame or two: nothing to show meanwhile.
    HydrateFallback: () => null,
    children: [
      { path: '/', loader: () => redirect(`/${defaultLang}`) },
      // The installed app's start_url: a signed-in customer's packages, a visitor's home page.
      { path: '/start', loader: () => redirect(hasStoredSession() ? paths.page(preferredLang(), 'dashboard') : paths.home(preferredLang())) },
      {
        path: '/:lang',
        loader: langLoader,
        children: [
          {
            Component: PublicLayout,
            children: [
              { index: true, lazy: publicPages.home },
              ...slugRoutes(publicPages),
              ...slugsOf('blog').map((slug) => ({ path: `${slug}/:article`, lazy: blogArticlePage })),
              { path: 'newsletter/:action', lazy: newsletterPage },
              { path: 'unsubscribe', lazy: unsubscribePage },
              { lazy: requireSession(true), children: slugRoutes(adminPages) },
              { path: '*', lazy: notFoundPage },
            ],
          },
          {
            // The customer's screens: the website's frame on wide screens, the app's shell on phones and installed.
            lazy: customerArea,
            children: [
              {
                lazy: requireSession(),
                children: slugsOf('dashboard').flatMap((slug) => [
                  // A tab's screens below it (the account's statement and receipts) are routed by the tab.
                  ...dashboardTabs.map((tab) => ({
                    path: tab === 'packages' ? slug : `${slug}/${tab}/*`,
                    handle: { dashboardTab: tab } satisfies DashboardHandle,
                    lazy: customerPages.dashboard,
                  })),
                  { path: `${slug}/shipments/new`, lazy: customerPages.requestShipment },
                  { path: `${slug}/shipments/:shipmentId`, lazy: customerPages.shipment },
                  { path: `${slug}/messages`, lazy: customerPages.messages },
                ]),
              },
            ],
          },
        ],
      },
      {
        loader: preferredLangLoader,
        Component: PublicLayout,
        children: [
          { path: '/auth/callback', lazy: withCatalog('account', async () => (await import('@/features/auth/auth-callback-page')).AuthCallbackPage) },
          { path: '/admin/login', lazy: withCatalog('account', async () => (await import('@/features/auth/login-page')).AdminLoginPage) },
          { path: goodbyePath, lazy: withCatalog('account', async () => (await import('@/features/auth/goodbye-page')).GoodbyePage) },
        ],
      },
      {
        path: '/admin',
        loader: preferredLangLoader,
        lazy: requireSession(true),
        children: [
          { lazy: adminArea.layout, children: [{ index: true, lazy: adminArea.sections }, { path: '*', lazy: adminArea.sections }] },
        ],
      },
    ],
  },
]

/**
 * A prerendered page is hydrated, so its first client render must be the server's: before the router
 * exists, the lazy routes it matches are loaded and their loaders run (the language and the catalogs
 * they activate), as the build's static handler did. The router then starts from the build's
 * hydration data, already initialized, with no fallback in between.
 */
export async function loadMatchedRoutes(url: URL): Promise<void> {
  const matches = matchRoutes(routes, url) ?? []
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue
    Object.assign(route, { ...(await route.lazy()), lazy: undefined })
  }
  const request = new Request(url)
  await Promise.all(
    matches.map(({ route, params }) => (typeof route.loader === 'function' ? route.loader({ request, url, params, pattern: route.path ?? '', context: undefined }) : null)),
  )
}

/** The app's router; on a prerendered page it starts from the build's hydration data. */
export const createRouter = (hydrationData?: HydrationState) => createBrowserRouter(routes, { hydrationData })
