// Bundled by directory.ts for a blank page of the bench's Chromium: the app's own CustomerIndex over
// a directory of generated customers, as the admin's device holds it.
import { CustomerIndex, customerOf, type Customer, type CustomerTuple } from '../../src/local-db/customer-index'

const first = ['José', 'María', 'Ángel', 'Luis', 'Ana', 'Núria', 'Carlos', 'Andrea', 'Jesús', 'Valentina', 'Miguel', 'Sofía', 'Daniel', 'Lucía', 'Gabriel', 'Camila']
const last = ['García', 'Pérez', 'Muñoz', 'Rodríguez', 'González', 'Hernández', 'Díaz', 'León', 'Álvarez', 'Ramírez', 'Torres', 'Rojas', 'Martínez', 'Suárez', 'Castillo', 'Mendoza']

/** `count` customers as pull_directory sends them: Venezuelan names with accents, lockers from MIA100001, phones of their own. */
export function makeTuples(count: number): CustomerTuple[] {
  // mulberry32: a seeded generator, the same customers every run.
  let seed = 20261126
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T,>(from: readonly T[]) => from[Math.floor(random() * from.length)]!
  // A blank page is no secure context: no crypto.randomUUID, so ids of the same shape from the seed.
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('')
  return Array.from({ length: count }, (_, i): CustomerTuple => {
    const name = `${pick(first)} ${pick(last)} ${pick(last)}`
    return [
      `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
      `MIA${100001 + i}`,
      `${name.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${i}@example.com`,
      name,
      `+58 4${12 + (i % 5)} ${String(1_000_000 + ((i * 7919) % 9_000_000)).padStart(7, '0')}`,
      pick(['basic', 'standard', 'premium']),
      'user',
      null,
      new Date(Date.UTC(2024, 0, 1) + i * 1_500_000).toISOString(),
    ]
  })
}

/** The directory as a tab loads it: each tuple a customer, by id; prepared for searching, as the first search does. */
export function buildIndex(tuples: CustomerTuple[]): CustomerIndex {
  const byId = new Map<string, Customer>()
  for (const tuple of tuples) byId.set(tuple[0], customerOf(tuple))
  const index = new CustomerIndex(byId)
  index.search('warm')
  return index
}
