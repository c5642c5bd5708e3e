import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { messages as enContent } from '../../locales/en/content.po'
import { messages as en } from '../../locales/en/messages.po'
import { messages as esContent } from '../../locales/es/content.po'
import { messages as es } from '../../locales/es/messages.po'
import type { Lang } from '@/i18n/locales'

/** Renders a screen as the app does: a fresh i18n in the given language, inside a router at `path`. */
export function renderScreen(ui: ReactElement, { lang = 'en', path = `/${lang}` }: { lang?: Lang; path?: string } = {}) {
  const i18n = setupI18n({ locale: lang, messages: { es: { ...es, ...esContent }, en: { ...en, ...enContent } } })
  const router = createMemoryRouter([{ path: '/:lang/*', element: ui }, { path: '*', element: ui }], { initialEntries: [path] })
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}
