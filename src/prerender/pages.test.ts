import { describe, expect, it } from 'vitest'
import type { ArticleSlug } from '@/remote/content'
import { aliasesOf, prerenderedPaths } from './pages'

const slugs: ArticleSlug[] = [
  { lang: 'es', slug: 'reglas-de-aduana', articleId: 'a1' },
  { lang: 'es', slug: 'customs-rules', articleId: 'a1' },
  { lang: 'en', slug: 'customs-rules-before-you-ship', articleId: 'a1' },
  { lang: 'en', slug: 'customs-rules', articleId: 'a1' },
  { lang: 'es', slug: 'solo-en-espanol', articleId: 'a2' },
]
const text = (slug: string) => ({ slug, title: slug, excerpt: '', coverAlt: '', bodyTree: null })
const article = (id: string, texts: Record<string, ReturnType<typeof text>>) => ({
  id,
  category: 'regulations' as const,
  coverPath: null,
  author: 'Ana Torres',
  publishedAt: '2025-06-30T12:00:00Z',
  updatedAt: '2025-06-30T12:00:00Z',
  readTimeMinutes: 5,
  texts,
})
const articles = [article('a1', { es: text('reglas-de-aduana'), en: text('customs-rules-before-you-ship') }), article('a2', { es: text('solo-en-espanol') })]

describe('aliasesOf', () => {
  it('gives a page its other slug in the same language', () => {
    expect(aliasesOf('/en/pricing', { slugs })).toEqual(['/en/precios'])
    expect(aliasesOf('/es/precios', { slugs })).toEqual(['/es/pricing'])
    expect(aliasesOf('/es/como-funciona', { slugs })).toEqual(['/es/how-it-works'])
  })

  it('gives an article its old slugs in the same language', () => {
    expect(aliasesOf('/es/blog/reglas-de-aduana', { slugs })).toEqual(['/es/blog/customs-rules'])
    expect(aliasesOf('/en/blog/customs-rules-before-you-ship', { slugs })).toEqual(['/en/blog/customs-rules'])
    expect(aliasesOf('/es/blog/solo-en-espanol', { slugs })).toEqual([])
  })

  it('has none for a page with one slug or the home page', () => {
    expect(aliasesOf('/es/faqs', { slugs })).toEqual([])
    expect(aliasesOf('/en', { slugs })).toEqual([])
  })

  it('covers every slug SPEC gives the prerendered pages and every slug of an article: each path is a page or an alias, once', () => {
    const all = prerenderedPaths({ articles }).flatMap((page) => Object.values(page).flatMap((path) => [path, ...aliasesOf(path, { slugs })]))
    expect(new Set(all).size).toBe(all.length)
    for (const path of ['/en/precios', '/es/pricing', '/en/contacto', '/es/contact', '/en/terminos', '/es/privacy', '/en/rastreo', '/es/calculator', '/es/blog/customs-rules', '/en/blog/customs-rules']) expect(all).toContain(path)
  })
})

describe('prerenderedPaths', () => {
  it('pairs an article only between the languages it has', () => {
    const pages = prerenderedPaths({ articles })
    expect(pages).toContainEqual({ es: '/es/blog/reglas-de-aduana', en: '/en/blog/customs-rules-before-you-ship' })
    expect(pages).toContainEqual({ es: '/es/blog/solo-en-espanol' })
  })
})
