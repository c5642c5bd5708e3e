import { describe, expect, it } from 'vitest'
import { matchesSearch } from './search-words'

describe('matchesSearch', () => {
  it('finds every word in any text, any case, accents ignored', () => {
    expect(matchesSearch('guia compras', ['Guía de', 'COMPRAS en EE. UU.'])).toBe(true)
    expect(matchesSearch('  ', ['anything'])).toBe(true)
    expect(matchesSearch('envío', ['Shipping', 'envio'])).toBe(true)
  })

  it('misses when one word is nowhere', () => {
    expect(matchesSearch('guia aduanas', ['Guía de compras'])).toBe(false)
    expect(matchesSearch('x', [null, undefined])).toBe(false)
  })
})
