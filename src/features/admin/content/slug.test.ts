import { describe, expect, it } from 'vitest'
import { slugFromTitle, slugPattern } from './slug'

describe('slugFromTitle', () => {
  it('lowercases, removes accents and joins words with one hyphen', () => {
    expect(slugFromTitle('Cómo comprar en tiendas de EE. UU.')).toBe('como-comprar-en-tiendas-de-ee-uu')
    expect(slugFromTitle('  Año nuevo: ¡ofertas!  ')).toBe('ano-nuevo-ofertas')
  })

  it('always gives a slug the server accepts, or nothing', () => {
    for (const title of ['Black Friday & Cyber Monday 2026', '---', 'Ünïcödé ñ', '¿?']) {
      const slug = slugFromTitle(title)
      expect(slug === '' || slugPattern.test(slug)).toBe(true)
    }
    expect(slugFromTitle('a '.repeat(80)).length).toBeLessThanOrEqual(100)
    expect(slugPattern.test(slugFromTitle('a '.repeat(80)))).toBe(true)
  })
})
