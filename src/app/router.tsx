import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { activateLang } from '@/i18n/activate'
import { defaultLang, isLang, preferredLang } from '@/i18n/locales'
import { pageFromSlug, pageSlugs, slugsOf, type PageKey } from '@/i18n/slugs'
import { RequireSession } from './guards'
import { AppErrorPage } from './layout/app-error-page'
import { NotFoundPage } from './layout/not-found-page'
import { PublicLayout } from './layout/public-layout'
import { adminArea, adminPages, adminPlaceholder, customerPages, publicPages, withCatalog } from './public-pages'

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
      {
        path: '/:lang',
        loader: langLoader,
        Component: PublicLayout,
        children: [
          { index: true, lazy: publicPages.home },
          ...slugRoutes(publicPages),
          { Component: RequireSession, children: slugRoutes(customerPages) },
          { element: <RequireSession admin />, children: slugRoutes(adminPages) },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        loader: preferredLangLoader,
        Component: PublicLayout,
        children: [
          { path: '/auth/callback', lazy: withCatalog('account', async () => (await import('@/features/auth/auth-callback-page')).AuthCallbackPage) },
          { path: '/admin/login', lazy: withCatalog('account', async () => (await import('@/features/auth/login-page')).AdminLoginPage) },
        ],
      },
      {
        path: '/admin',
        loader: preferredLangLoader,
        element: <RequireSession admin />,
        children: [
          {
            lazy: adminArea.layout,
            children: [
              { index: true, lazy: adminArea.dashboard },
              { path: 'users', lazy: adminArea.users },
              { path: 'packages', lazy: adminArea.packages },
              ...(['shipments', 'rates', 'content', 'reports'] as const).map((section) => ({ path: section, lazy: adminPlaceholder(section) })),
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)
