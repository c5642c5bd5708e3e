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

/**
 * Every customer of the directory, ready to be searched: what each search compares is worked out
 * once, when the directory is loaded (fifty thousand customers in a few tens of milliseconds), and
 * kept in arrays beside the customers rather than in objects of its own.
 */
export class CustomerIndex {
  readonly customers: readonly Customer[]
  readonly #byId: Map<string, Customer>
  readonly #emails: string[]
  /** Each word of the name after a space (" jose garcia"), so a word's beginning is one `includes`. */
  readonly #names: string[]
  readonly #phones: string[]
  readonly #lockers: string[]

  constructor(customers: readonly Customer[]) {
    // Newest first: the order lists show them in, and the order matches of equal rank come in.
    this.customers = [...customers].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    this.#byId = new Map(this.customers.map((customer) => [customer.id, customer]))
    this.#emails = this.customers.map((customer) => (customer.email ?? '').toLowerCase())
    this.#names = this.customers.map((customer) => (customer.full_name ? ` ${fold(customer.full_name)}` : ''))
    this.#phones = this.customers.map((customer) => digitsOf(customer.phone ?? ''))
    this.#lockers = this.customers.map((customer) => digitsOf(customer.locker_code ?? ''))
  }

  get size(): number {
    return this.customers.length
  }

  get(id: string): Customer | undefined {
    return this.#byId.get(id)
  }

  #rank(i: number, query: Query): Rank | 0 {
    const email = this.#emails[i]!
    const locker = this.#lockers[i]!
    if (query.locker !== null && locker === query.locker) return Rank.Exact
    if (email === query.text) return Rank.Exact
    if (email.startsWith(query.text)) return Rank.EmailStart
    if (query.locker !== null && locker.startsWith(query.locker)) return Rank.LockerStart
    const name = this.#names[i]!
    if (query.words.every((word) => name.includes(word))) return Rank.NameWords
    if (query.phone !== null && this.#phones[i]!.includes(query.phone)) return Rank.Phone
    if (name.includes(query.text) || email.includes(query.text)) return Rank.Contains
    return 0
  }

  /**
   * The customers `query` finds, best first (an exact locker code or email, then the beginning of an
   * email or locker code, then names, phones, and any part of a name or email), newest first among
   * equals; every customer, newest first, for an empty query. `also` lets a caller accept more (the
   * users list matches role names too).
   */
  search(query: string, also?: (customer: Customer) => boolean): Customer[] {
    const read = readQuery(query)
    if (!read) return [...this.customers]
    const byRank: Customer[][] = [[], [], [], [], [], [], []]
    for (let i = 0; i < this.customers.length; i++) {
      const rank = this.#rank(i, read) || (also?.(this.customers[i]!) ? Rank.Contains : 0)
      if (rank) byRank[rank]!.push(this.customers[i]!)
    }
    return byRank.flat()
  }

  /** The customer whose locker code this is (as a label prints it or a scanner reads it), if any. */
  byLocker(code: string): Customer | null {
    const digits = lockerDigits(code)
    const i = digits === null ? -1 : this.#lockers.indexOf(digits)
    return i < 0 ? null : this.customers[i]!
  }

  /** The one customer `query` names exactly (their whole locker code or email), if one does. */
  exact(query: string): Customer | null {
    const read = readQuery(query)
    if (!read) return null
    const found = this.customers.filter((_, i) => this.#rank(i, read) === Rank.Exact)
    return found.length === 1 ? found[0]! : null
  }
}
