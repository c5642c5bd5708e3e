import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { Lang } from '@/i18n/locales'
import { appI18n } from './app-i18n'

/** Renders a screen as the app does: a fresh i18n in the given language, inside a router at `path`. */
export function renderScreen(ui: ReactElement, { lang = 'en', path = `/${lang}` }: { lang?: Lang; path?: string } = {}) {
  const i18n = appI18n(lang)
  const router = createMemoryRouter([{ path: '/:lang/*', element: ui }, { path: '*', element: ui }], { initialEntries: [path] })
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}
