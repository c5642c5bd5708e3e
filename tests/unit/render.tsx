import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { Messages } from '@lingui/core'
import type { Lang } from '@/i18n/locales'

// Every catalog of each language (messages, and the route catalogs), as the app has them once loaded.
const catalogFiles = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po', { eager: true })
const catalogs = (lang: Lang): Messages =>
  Object.assign({}, ...Object.entries(catalogFiles).filter(([file]) => file.includes(`/${lang}/`)).map(([, module]) => module.messages))

/** A fresh i18n in the given language with every catalog loaded, as the app has it. */
export const appI18n = (lang: Lang) => setupI18n({ locale: lang, messages: { es: catalogs('es'), en: catalogs('en') } })

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
