import { planIds, type PlanId } from '@/business-rules/plans'
import type { Role } from './rows'

// The admin's customer directory, searched in memory the way a warehouse reads a label: by the
// locker code printed on it ("Suite MIA100003", "mia100003", "100003"), an email (exact or its
// beginning), a name (the beginning of any of its words, any case, accents ignored: "jose" finds
// "José") or phone digits. Pure code: src/local-db/directory.ts keeps the customers, this finds them.

/** A customer as the directory holds them: what receiving and the lists need. */
export interface Customer {
  id: string
  locker_code: string | null
  email: string | null
  full_name: string | null
  phone: string | null
  plan: PlanId
  role: Role
  avatar_path: string | null
  created_at: string
}

/** A customer as pull_directory sends them and the device stores them: a tuple is far cheaper to move and clone than an object. */
export type CustomerTuple = [id: string, locker: string | null, email: string | null, name: string | null, phone: string | null, plan: string, role: string, avatar: string | null, createdAt: string]

// One string per value the tuples repeat fifty thousand times, rather than fifty thousand copies.
const plans = new Map<string, PlanId>(planIds.map((plan) => [plan, plan]))
const roles = new Map<string, Role>([
  ['user', 'user'],
  ['clerk', 'clerk'],
  ['admin', 'admin'],
])

export const customerOf = ([id, locker_code, email, full_name, phone, plan, role, avatar_path, created_at]: CustomerTuple): Customer => ({
  id,
  locker_code,
  email,
  full_name,
  phone,
  plan: plans.get(plan) ?? 'basic',
  role: roles.get(role) ?? 'user',
  avatar_path,
  created_at,
})

export const tupleOf = (customer: Customer): CustomerTuple => [
  customer.id,
  customer.locker_code,
  customer.email,
  customer.full_name,
  customer.phone,
  customer.plan,
  customer.role,
  customer.avatar_path,
  customer.created_at,
]

/** Lower case without accents ("José" → "jose"); most names are plain ASCII and skip the Unicode work. */
export function fold(text: string): string {
  const lower = text.toLowerCase()
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower
}

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The digits of a locker code as a label or a person writes it: "Suite MIA100003", "mia 100003", "#100003"; null when it is not one. */
export function lockerDigits(text: string): string | null {
  const match = /^(?:(?:suite|casillero|locker|apt\.?|unit)\s*)?#?\s*(?:mia)?\s*-?\s*(\d{3,})$/.exec(fold(text.trim()))
  return match ? match[1]! : null
}

/** How well a customer matches: lower is better; the best of what a query can be. */
const Rank = { Exact: 1, EmailStart: 2, LockerStart: 3, NameWords: 4, Phone: 5, Contains: 6 } as const
type Rank = (typeof Rank)[keyof typeof Rank]

/** A query, read every way it can be meant, once (not once per customer). */
interface Query {
  text: string
  words: string[]
  locker: string | null
  phone: string | null
}

function readQuery(raw: string): Query | null {
  const text = fold(raw.trim().replace(/\s+/g, ' '))
  if (!text) return null
  const phone = /^[\d\s()+.-]+$/.test(text) ? digitsOf(text) : ''
  return { text, words: text.split(' ').map((word) => ` ${word}`), locker: lockerDigits(text), phone: phone.length >= 4 ? phone : null }
}

/** What searches compare, worked out once per directory: customers newest first, and beside them (in arrays, not objects of their own) their folded texts. */
interface Prepared {
  customers: Customer[]
  emails: string[]
  /** Each word of the name after a space (" jose garcia"), so a word's beginning is one `includes`. */
  names: string[]
  phones: string[]
  lockers: string[]
}

function prepare(customers: Iterable<Customer>): Prepared {
  // Newest first: the order lists show them in, and the order matches of equal rank come in.
  const sorted = [...customers].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
  return {
    customers: sorted,
    emails: sorted.map((customer) => (customer.email ?? '').toLowerCase()),
    names: sorted.map((customer) => (customer.full_name ? ` ${fold(customer.full_name)}` : '')),
    phones: sorted.map((customer) => digitsOf(customer.phone ?? '')),
    lockers: sorted.map((customer) => digitsOf(customer.locker_code ?? '')),
  }
}

function rank(prepared: Prepared, i: number, query: Query): Rank | 0 {
  const email = prepared.emails[i]!
  const locker = prepared.lockers[i]!
  if (query.locker !== null && locker === query.locker) return Rank.Exact
  if (email === query.text) return Rank.Exact
  if (email.startsWith(query.text)) return Rank.EmailStart
  if (query.locker !== null && locker.startsWith(query.locker)) return Rank.LockerStart
  const name = prepared.names[i]!
  if (query.words.every((word) => name.includes(word))) return Rank.NameWords
  if (query.phone !== null && prepared.phones[i]!.includes(query.phone)) return Rank.Phone
  if (name.includes(query.text) || email.includes(query.text)) return Rank.Contains
  return 0
}

/**
 * Every customer of the directory, by id and ready to be searched. What searches compare is worked
 * out the first time one runs (fifty thousand customers in a few tens of milliseconds), not when
 * the directory is loaded or changed.
 */
export class CustomerIndex {
  readonly #byId: ReadonlyMap<string, Customer>
  #prepared: Prepared | undefined

  constructor(byId: ReadonlyMap<string, Customer>) {
    this.#byId = byId
  }

  get size(): number {
    return this.#byId.size
  }

  get(id: string): Customer | undefined {
    return this.#byId.get(id)
  }

  /** Every customer, in no particular order. */
  values(): IterableIterator<Customer> {
    return this.#byId.values()
  }

  get #ready(): Prepared {
    return (this.#prepared ??= prepare(this.#byId.values()))
  }

  /**
   * The customers `query` finds, best first (an exact locker code or email, then the beginning of an
   * email or locker code, then names, phones, and any part of a name or email), newest first among
   * equals; every customer, newest first, for an empty query. `also` lets a caller accept more (the
   * users list matches role names too).
   */
  search(query: string, also?: (customer: Customer) => boolean): Customer[] {
    const prepared = this.#ready
    const read = readQuery(query)
    if (!read) return [...prepared.customers]
    const byRank: Customer[][] = [[], [], [], [], [], [], []]
    for (let i = 0; i < prepared.customers.length; i++) {
      const found = rank(prepared, i, read) || (also?.(prepared.customers[i]!) ? Rank.Contains : 0)
      if (found) byRank[found]!.push(prepared.customers[i]!)
    }
    return byRank.flat()
  }

  /** The customer whose locker code this is (as a label prints it or a scanner reads it), if any. */
  byLocker(code: string): Customer | null {
    const digits = lockerDigits(code)
    const prepared = this.#ready
    const i = digits === null ? -1 : prepared.lockers.indexOf(digits)
    return i < 0 ? null : prepared.customers[i]!
  }

  /** The one customer `query` names exactly (their whole locker code or email), if one does. */
  exact(query: string): Customer | null {
    const read = readQuery(query)
    if (!read) return null
    const prepared = this.#ready
    const found = prepared.customers.filter((_, i) => rank(prepared, i, read) === Rank.Exact)
    return found.length === 1 ? found[0]! : null
  }
}
