import { screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { renderScreen } from '../../../tests/unit/render'
import { LanguageSwitch } from './language-switch'

it("names each language link starting with the code it shows, and points at the same page's other language", () => {
  renderScreen(<LanguageSwitch />, { lang: 'es', path: '/es/precios' })
  const links = screen.getAllByRole('link')
  for (const link of links) {
    const name = link.getAttribute('aria-label')!
    expect(name.toLowerCase().startsWith(link.textContent!.toLowerCase())).toBe(true)
  }
  expect(screen.getByRole('link', { name: 'EN (English)' }).getAttribute('href')).toBe('/en/pricing')
  expect(screen.getByRole('link', { name: 'ES (Español)' }).getAttribute('aria-current')).toBe('true')
})
