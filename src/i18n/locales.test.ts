import { describe, expect, it } from 'vitest'
import { resolveLang } from './locales'

describe('resolveLang', () => {
  it('prefers the saved language', () => {
    expect(resolveLang('en', ['es-MX'])).toBe('en')
    expect(resolveLang('es', ['en-US'])).toBe('es')
  })

  it('ignores a saved value that is not a supported language', () => {
    expect(resolveLang('fr', ['en-GB'])).toBe('en')
  })

  it('uses the first supported browser language', () => {
    expect(resolveLang(null, ['fr-FR', 'en-US', 'es'])).toBe('en')
    expect(resolveLang(null, ['es-419'])).toBe('es')
  })

  it('falls back to Spanish', () => {
    expect(resolveLang(null, ['de-DE', 'pt-BR'])).toBe('es')
    expect(resolveLang(null, [])).toBe('es')
  })
})
