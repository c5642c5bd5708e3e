import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../../tests/unit/render'
import { blogArticles } from '../content/blog-articles'
import { filterArticles } from './blog-filter'
import { BlogPage } from './blog-page'

describe('blog filtering', () => {
  it('keeps every article for All and only the category otherwise', () => {
    expect(filterArticles(blogArticles, 'all')).toEqual(blogArticles)
    for (const category of ['shopping', 'savings', 'regulations', 'events'] as const) {
      const kept = filterArticles(blogArticles, category)
      expect(kept.length).toBeGreaterThan(0)
      expect(kept.every((article) => article.category === category)).toBe(true)
    }
  })

  it('has the four articles with their read times', () => {
    expect(blogArticles.map((article) => article.readTimeMinutes)).toEqual([8, 6, 5, 10])
  })
})

describe('blog page', () => {
  const readMore = () => screen.queryAllByRole('button', { name: /^leer más/i })

  it('filters by the pressed category in Spanish and back to all', () => {
    renderScreen(<BlogPage />, { lang: 'es' })
    expect(readMore()).toHaveLength(4)
    fireEvent.click(screen.getByRole('button', { name: 'Ahorro' }))
    expect(screen.getByRole('button', { name: 'Ahorro' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('false')
    expect(readMore()).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }))
    expect(readMore()).toHaveLength(4)
  })

  it('opens an article inline and goes back to the list, focus following', () => {
    renderScreen(<BlogPage />, { lang: 'en' })
    fireEvent.click(screen.getAllByRole('button', { name: /^read more/i })[1]!)
    const article = screen.getByRole('article')
    expect(article.textContent).toContain('60-70%')
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /consolidation/i }))
    fireEvent.click(screen.getByRole('button', { name: /back to blog/i }))
    expect(screen.queryByRole('article')).toBeNull()
    expect(document.activeElement?.id).toBe('read-more-consolidation-savings')
  })

  it('subscribing to the newsletter says it is not built yet', () => {
    renderScreen(<BlogPage />, { lang: 'es' })
    fireEvent.change(screen.getByRole('textbox', { name: /correo/i }), { target: { value: 'ana@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: /suscrib/i }))
    expect(useToastStore.getState().current?.title).toBe('En construcción')
  })
})
