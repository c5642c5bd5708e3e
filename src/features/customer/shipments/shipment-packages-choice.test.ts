import { describe, expect, it } from 'vitest'
import type { LocalPackage } from '@/local-db/queries'
import { choiceChanged, packageChoices, packagesChoiceError } from './shipment-packages-choice'

const pkg = (id: string, created_at: string) => ({ id, created_at }) as LocalPackage

describe('a requested shipment’s choice of packages', () => {
  it('offers the packages it holds and those waiting, each once, oldest first', () => {
    const held = [pkg('b', '2026-11-02T10:00:00Z'), pkg('a', '2026-11-03T10:00:00Z')]
    const waiting = [pkg('c', '2026-11-01T10:00:00Z'), pkg('b', '2026-11-02T10:00:00Z')]
    expect(packageChoices(held, waiting).map((choice) => choice.id)).toEqual(['c', 'b', 'a'])
  })

  it('takes 1 to 20 packages, as the server does', () => {
    expect(packagesChoiceError([])).toBeDefined()
    expect(packagesChoiceError(['a'])).toBeUndefined()
    expect(packagesChoiceError(Array.from({ length: 20 }, (_, i) => String(i)))).toBeUndefined()
    expect(packagesChoiceError(Array.from({ length: 21 }, (_, i) => String(i)))).toBeDefined()
  })

  it('is a change only when it holds other packages, in whatever order they were ticked', () => {
    expect(choiceChanged(['a', 'b'], ['b', 'a'])).toBe(false)
    expect(choiceChanged(['a', 'b'], ['a'])).toBe(true)
    expect(choiceChanged(['a'], ['b'])).toBe(true)
  })
})
