import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { Lang } from '@/i18n/locales'
import type { ArticleSummary } from '@/remote/content'
import { appI18n } from '../../../../tests/unit/app-i18n'
import type { BlogLoaderData } from '../content/build-content'
import { filterArticles } from './blog-filter'
import { BlogPage } from './blog-page'

const article = (id: string, category: ArticleSummary['category'], texts: ArticleSummary['texts']): ArticleSummary => ({
  id,
  category,
  coverPath: '/blog/customs.svg',
  author: 'Ana Torres',
  publishedAt: '2025-06-30T12:00:00+00:00',
  updatedAt: '2025-06-30T12:00:00+00:00',
  readTimeMinutes: 5,
  texts,
})
const text = (slug: string, title: string) => ({ slug, title, excerpt: `${title}: excerpt`, coverAlt: 'A cover' })

const built: ArticleSummary[] = [
  article('a1', 'savings', { es: text('ahorra', 'Ahorra en envíos'), en: text('save', 'Save on shipping') }),
  article('a2', 'regulations', { es: text('aduana', 'Reglas de aduana') }),
  article('a3', 'events', { en: text('black-friday', 'Black Friday') }),
]

/** The blog as hydrated from the build's data, with no backend answering (offline, no service worker). */
function renderBlog(lang: Lang) {
  const router = createMemoryRouter([{ path: '/:lang/blog', loader: (): BlogLoaderData => ({ articles: built }), Component: BlogPage }], { initialEntries: [`/${lang}/blog`] })
  render(
    <I18nProvider i18n={appI18n(lang)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}

beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('blog filtering', () => {
  it('keeps every article for All and only the category otherwise', () => {
    expect(filterArticles(built, 'all')).toEqual(built)
    expect(filterArticles(built, 'savings').map(({ id }) => id)).toEqual(['a1'])
    expect(filterArticles(built, 'shopping')).toEqual([])
  })
})

describe('blog page', () => {
  const readMore = () => screen.queryAllByRole('button', { name: /^(leer más|read more)/i })

  it('lists the articles the page has in its language, and filters them by the pressed category', async () => {
    renderBlog('es')
    expect(await screen.findByRole('heading', { level: 2, name: 'Ahorra en envíos' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Reglas de aduana' })).toBeTruthy()
    expect(screen.queryByText('Black Friday')).toBeNull()
    expect(readMore()).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Ahorro' }))
    expect(screen.getByRole('button', { name: 'Ahorro' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('false')
    expect(readMore()).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }))
    expect(readMore()).toHaveLength(2)
  })

  it('in English shows the English texts only', async () => {
    renderBlog('en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Black Friday' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Save on shipping' })).toBeTruthy()
    expect(screen.queryByText('Reglas de aduana')).toBeNull()
  })

  it('an article opened without a connection nor a kept copy says so, and goes back', async () => {
    renderBlog('en')
    fireEvent.click((await screen.findAllByRole('button', { name: /^read more/i }))[0]!)
    expect((await screen.findByRole('alert')).textContent).toMatch(/not available offline/i)
    fireEvent.click(screen.getByRole('button', { name: /back to blog/i }))
    expect(readMore()).toHaveLength(2)
    expect(document.activeElement?.id).toBe('read-more-save')
  })
})
