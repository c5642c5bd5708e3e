import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { activateLang } from '@/i18n/activate'
import { defaultLang, isLang, preferredLang } from '@/i18n/locales'
import { pageFromSlug, pageSlugs, slugsOf, type PageKey } from '@/i18n/slugs'
import { AppErrorPage } from './layout/app-error-page'
import { PublicLayout } from './layout/public-layout'
import { NotFoundPage } from './layout/not-found-page'
import { publicPages } from './public-pages'

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

/** Every slug of every page, in both languages: `/en/precios` works as well as `/en/pricing`. */
function pageRoutes(): RouteObject[] {
  return (Object.keys(pageSlugs) as PageKey[]).flatMap((page) => {
    const lazy = publicPages[page]
    return lazy ? slugsOf(page).map((slug) => ({ path: slug, lazy })) : []
  })
}

export const routes: RouteObject[] = [
  {
    errorElement: <AppErrorPage />,
    children: [
      { path: '/', loader: () => redirect(`/${defaultLang}`) },
      {
        path: '/:lang',
        loader: langLoader,
        Component: PublicLayout,
        children: [
          { index: true, lazy: publicPages.home },
          ...pageRoutes(),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)
