import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '@/i18n/locales'
import type { FaqEntry } from '@/remote/content'
import { appI18n } from '../../../../tests/unit/app-i18n'
import type { FaqLoaderData } from '../content/build-content'
import { FaqPage } from './faq-page'

const faqs: FaqEntry[] = [
  { id: 'f1', position: 1, texts: { es: { question: '¿Cómo obtengo mi dirección?', answer: 'Crea una cuenta.' }, en: { question: 'How do I get my Miami address?', answer: 'Create an account.' } } },
  { id: 'f2', position: 2, texts: { en: { question: 'Only in English?', answer: 'Yes.' } } },
  { id: 'f3', position: 3, texts: { es: { question: '¿Peso máximo?', answer: 'Hasta 70 lbs (32 kg).' }, en: { question: 'Maximum weight?', answer: 'Up to 70 lbs (32 kg).' } } },
]

/** The FAQ as hydrated from the build's data, with no backend answering (offline, no service worker). */
async function renderFaq(lang: Lang) {
  const router = createMemoryRouter([{ path: '/:lang/faqs', loader: (): FaqLoaderData => ({ faqs }), Component: FaqPage }], { initialEntries: [`/${lang}/faqs`] })
  render(
    <I18nProvider i18n={appI18n(lang)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  await screen.findAllByRole('heading', { level: 2 })
}

const questions = () => screen.getAllByRole('button').filter((button) => button.hasAttribute('aria-expanded'))
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!
const open = () => questions().filter((button) => button.getAttribute('aria-expanded') === 'true')

beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('FAQ', () => {
  it('shows the answers the page has in its language, all closed, and a link to contact', async () => {
    await renderFaq('en')
    for (const question of ['How do I get my Miami address?', 'Only in English?', 'Maximum weight?']) expect(screen.getByRole('button', { name: question })).toBeTruthy()
    expect(questions()).toHaveLength(3)
    expect(open()).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/en/contact')
  })

  it('puts each question one heading level under the page title', async () => {
    await renderFaq('es')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const questionHeadings = screen.getAllByRole('heading', { level: 2 })
    expect(questionHeadings).toHaveLength(2)
    expect(questionHeadings.map((heading) => heading.textContent)).toEqual(questions().map((button) => button.textContent))
  })

  it('keeps one answer open at a time, and a second click closes it', async () => {
    await renderFaq('es')
    const [first, second] = questions()
    fireEvent.click(first!)
    expect(open()).toEqual([first])
    fireEvent.click(second!)
    expect(open()).toEqual([second])
    expect(panelOf(first!).hidden).toBe(true)
    expect(panelOf(second!).textContent).toContain('70 lbs (32 kg)')
    fireEvent.click(second!)
    expect(open()).toHaveLength(0)
  })

  it('names each open answer by its question, so it is a region a screen reader can list', async () => {
    await renderFaq('en')
    const [first] = questions()
    fireEvent.click(first!)
    expect(screen.getByRole('region', { name: 'How do I get my Miami address?' })).toBe(panelOf(first!))
  })
})
