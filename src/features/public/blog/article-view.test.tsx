import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Article } from '@/remote/content'
import { renderScreen } from '../../../../tests/unit/render'
import { ArticleView } from './article-view'

const consolidation: Article = {
  id: 'a1',
  category: 'savings',
  coverPath: '/blog/consolidation.svg',
  author: 'Carlos Rivera',
  publishedAt: '2025-07-28T12:00:00+00:00',
  updatedAt: '2025-07-28T12:00:00+00:00',
  readTimeMinutes: 6,
  texts: {
    en: {
      slug: 'consolidation-save-on-shipping',
      title: 'Consolidation: save 60-70% on shipping',
      excerpt: 'Why one big box costs less.',
      coverAlt: 'Several boxes becoming one',
      bodyTree: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Every shipment has a fixed part of its cost.' }] }] },
    },
  },
}

describe('ArticleView', () => {
  it('shows the text of its language: title, body from the stored tree, cover with its alt text', () => {
    renderScreen(<ArticleView article={consolidation} lang="en" onBack={() => {}} />, { lang: 'en' })
    expect(screen.getByRole('article').textContent).toContain('Every shipment has a fixed part of its cost.')
    expect(screen.getByRole('img', { name: 'Several boxes becoming one' }).getAttribute('src')).toBe('/blog/consolidation.svg')
  })

  it('opened from the list, takes the focus to its title', () => {
    renderScreen(<ArticleView article={consolidation} lang="en" onBack={() => {}} focusTitle />, { lang: 'en' })
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /consolidation/i }))
  })

  it('loaded at its own address, is the page: its title is the h1 and the focus stays at the top', () => {
    renderScreen(<ArticleView article={consolidation} lang="en" onBack={() => {}} titleLevel={1} />, { lang: 'en' })
    expect(screen.getByRole('heading', { level: 1, name: /consolidation/i })).toBeTruthy()
    expect(document.activeElement).toBe(document.body)
  })
})
