import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../../tests/unit/render'
import { blogArticles } from '../content/blog-articles'
import { ArticleView } from './article-view'

const consolidation = blogArticles.find(({ id }) => id === 'consolidation-savings')!

describe('ArticleView', () => {
  it('opened from the list, takes the focus to its title', () => {
    renderScreen(<ArticleView article={consolidation} onBack={() => {}} focusTitle />, { lang: 'en' })
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /consolidation/i }))
  })

  it('loaded at its own address, is the page: its title is the h1 and the focus stays at the top', () => {
    renderScreen(<ArticleView article={consolidation} onBack={() => {}} titleLevel={1} />, { lang: 'en' })
    expect(screen.getByRole('heading', { level: 1, name: /consolidation/i })).toBeTruthy()
    expect(document.activeElement).toBe(document.body)
  })
})
