import { describe, expect, it } from 'vitest'
import { pageFromSlug, pageSlugs, slugsOf, switchLangPath } from './slugs'

describe('switchLangPath', () => {
  it('maps the slug to the other language, both ways', () => {
    expect(switchLangPath('/es/precios', 'en')).toBe('/en/pricing')
    expect(switchLangPath('/en/pricing', 'es')).toBe('/es/precios')
    expect(switchLangPath('/es/como-funciona', 'en')).toBe('/en/how-it-works')
    expect(switchLangPath('/en/register', 'es')).toBe('/es/signup')
    expect(switchLangPath('/es/signup', 'en')).toBe('/en/register')
  })

  it('maps an alias typed in the other language too', () => {
    expect(switchLangPath('/es/pricing', 'es')).toBe('/es/precios')
    expect(switchLangPath('/en/contacto', 'en')).toBe('/en/contact')
  })

  it('swaps only the language on the home page and on unknown pages', () => {
    expect(switchLangPath('/es', 'en')).toBe('/en')
    expect(switchLangPath('/es/', 'en')).toBe('/en')
    expect(switchLangPath('/en/no-such-page', 'es')).toBe('/es/no-such-page')
  })

  it('keeps deeper segments', () => {
    expect(switchLangPath('/es/blog/extra', 'en')).toBe('/en/blog/extra')
  })
})

describe('slug table', () => {
  it('resolves every slug of every page back to that page', () => {
    for (const [page, slugs] of Object.entries(pageSlugs)) {
      expect(pageFromSlug(slugs.es)).toBe(page)
      expect(pageFromSlug(slugs.en)).toBe(page)
    }
  })

  it('has no slug shared by two pages', () => {
    const all = Object.keys(pageSlugs).flatMap((page) => slugsOf(page as keyof typeof pageSlugs))
    expect(new Set(all).size).toBe(all.length)
  })
})
