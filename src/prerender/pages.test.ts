import { describe, expect, it } from 'vitest'
import { aliasesOf, prerenderedPaths } from './pages'

describe('aliasesOf', () => {
  it('gives a page its other slug in the same language', () => {
    expect(aliasesOf('/en/pricing')).toEqual(['/en/precios'])
    expect(aliasesOf('/es/precios')).toEqual(['/es/pricing'])
    expect(aliasesOf('/es/como-funciona')).toEqual(['/es/how-it-works'])
  })

  it('has none for a page with one slug, the home page, or an article', () => {
    expect(aliasesOf('/es/faqs')).toEqual([])
    expect(aliasesOf('/en')).toEqual([])
    expect(aliasesOf('/en/blog/customs-rules')).toEqual([])
  })

  it('covers every slug SPEC gives the prerendered pages: each path is a page or an alias, once', () => {
    const all = prerenderedPaths().flatMap((page) => Object.values(page).flatMap((path) => [path, ...aliasesOf(path)]))
    expect(new Set(all).size).toBe(all.length)
    for (const path of ['/en/precios', '/es/pricing', '/en/contacto', '/es/contact', '/en/terminos', '/es/privacy', '/en/rastreo', '/es/calculator']) expect(all).toContain(path)
  })
})
