import { describe, expect, it } from 'vitest'
import { CustomerIndex, customerOf, fold, lockerDigits, tupleOf, type Customer } from './customer-index'

const customer = (id: string, changes: Partial<Customer> = {}): Customer => ({
  id,
  locker_code: null,
  email: `${id}@example.com`,
  full_name: null,
  phone: null,
  plan: 'basic',
  role: 'user',
  avatar_path: null,
  created_at: '2026-01-01T00:00:00Z',
  ...changes,
})

const jose = customer('jose', { locker_code: 'MIA100003', email: 'jose.garcia@example.com', full_name: 'José García Núñez', phone: '+58 412-555-0101', created_at: '2026-03-01T00:00:00Z' })
const josefina = customer('josefina', { locker_code: 'MIA100031', email: 'josefina@example.com', full_name: 'Josefina Pérez', phone: '+58 414 777 1234', created_at: '2026-02-01T00:00:00Z' })
const ana = customer('ana', { locker_code: 'MIA200450', email: 'ana@example.com', full_name: 'Ana Mariana Ruiz', phone: null, created_at: '2026-04-01T00:00:00Z' })
const admin = customer('admin', { locker_code: 'MIA000001', email: 'admin@example.com', full_name: 'Warehouse Admin', role: 'admin', created_at: '2025-01-01T00:00:00Z' })
const indexOf = (customers: Customer[]) => new CustomerIndex(new Map(customers.map((one) => [one.id, one])))
const index = indexOf([jose, josefina, ana, admin])
const ids = (found: Customer[]) => found.map((one) => one.id)

describe('a locker code, as a label prints it or a person types it', () => {
  it.each(['MIA100003', 'mia100003', '100003', 'Suite MIA100003', 'SUITE mia 100003', 'MIA-100003', '#100003', 'Casillero MIA100003', '  Suite   MIA100003  '])('%s finds its customer first, exactly', (query) => {
    expect(index.search(query)[0]).toBe(jose)
    expect(index.exact(query)).toBe(jose)
    expect(index.byLocker(query)).toBe(jose)
  })

  it('its beginning finds the customers whose code starts so, after an exact one', () => {
    expect(ids(index.search('MIA1000'))).toEqual(['jose', 'josefina'])
    expect(index.exact('MIA1000')).toBeNull()
  })

  it('what is not a locker code names nobody by locker', () => {
    for (const code of ['1Z999AA10123456784', 'MIA10', 'ana@example.com', '', 'MIA999999']) expect(index.byLocker(code)).toBeNull()
    expect(lockerDigits('Suite MIA100003')).toBe('100003')
    expect(lockerDigits('TBA123456789')).toBeNull()
  })
})

describe('an email', () => {
  it('whole, in any case, names its customer exactly', () => {
    expect(index.exact('ANA@Example.COM')).toBe(ana)
    expect(index.search(' Ana@example.com ')[0]).toBe(ana)
  })

  it('its beginning finds the customers whose email starts so', () => {
    expect(ids(index.search('josefina@'))).toEqual(['josefina'])
    expect(ids(index.search('jose')).slice(0, 2).sort()).toEqual(['jose', 'josefina'])
    expect(index.exact('jose')).toBeNull()
  })
})

describe('a name', () => {
  it.each(['jose', 'José', 'JOSE', 'garcia', 'García', 'nunez', 'jose garcia', 'garcia jose', 'jos gar', 'núñez josé'])('%s finds José García Núñez by the beginnings of the words, accents and case ignored', (query) => {
    expect(ids(index.search(query))).toContain('jose')
  })

  it('a word inside another is found too, after those whose words begin so', () => {
    // "mariana" begins a word of Ana Mariana Ruiz; "ana" begins her first name and sits inside Mariana.
    expect(ids(index.search('ana'))[0]).toBe('ana')
    expect(ids(index.search('ariana'))).toEqual(['ana'])
  })

  it('folds accents and case once', () => {
    expect(fold('José NÚÑEZ Çaño')).toBe('jose nunez cano')
    expect(fold('plain ascii')).toBe('plain ascii')
  })
})

describe('phone digits', () => {
  it.each(['412 555 0101', '+58 412 555-0101', '4125550101', '0101', '(412) 555'])('%s finds the customer whose phone holds those digits', (query) => {
    expect(ids(index.search(query))).toContain('jose')
  })

  it('fewer than four digits are no phone', () => {
    expect(ids(index.search('01'))).not.toContain('jose')
  })
})

describe('the order and the rest', () => {
  it('an empty query lists everyone, newest first', () => {
    expect(ids(index.search('   '))).toEqual(['ana', 'jose', 'josefina', 'admin'])
  })

  it('a caller may accept more (the users list: role names)', () => {
    expect(ids(index.search('administrador', (one) => one.role === 'admin'))).toEqual(['admin'])
    expect(ids(index.search('nothing like it'))).toEqual([])
  })

  it('a customer travels as a tuple and back unchanged, plan and role as the directory knows them', () => {
    expect(customerOf(tupleOf(jose))).toEqual(jose)
    expect(customerOf(['x', null, null, null, null, 'gold', 'owner', null, '2026-01-01T00:00:00Z'])).toMatchObject({ plan: 'basic', role: 'user' })
  })
})

describe('a directory of generated customers', () => {
  // A seeded generator: the same customers each run.
  let seed = 20261126
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const pick = <T,>(from: readonly T[]) => from[Math.floor(random() * from.length)]!
  const first = ['José', 'María', 'Ángel', 'Luis', 'Ana', 'Núria', 'Iñaki', 'Zoë', 'Chloé', 'Carlos']
  const last = ['García', 'Pérez', 'Muñoz', 'Ortega', 'Díaz', 'León', 'Álvarez', 'Smith', 'Brontë', 'Ruiz']
  const customers = Array.from({ length: 300 }, (_, i) =>
    customer(`c${i}`, {
      locker_code: `MIA${String(100000 + i)}`,
      email: `${fold(pick(first))}.${i}@example.com`,
      full_name: `${pick(first)} ${pick(last)} ${pick(last)}`,
      phone: `+58 4${Math.floor(random() * 10)}${Math.floor(random() * 10)} ${String(1000000 + i).slice(1)}`,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    }),
  )
  const generated = indexOf(customers)
  const printed = ['Suite MIA', 'mia', 'MIA ', 'suite ', '']

  it('finds every one of them by locker code as printed, by email in any case, by a name word without accents and by phone digits', () => {
    for (const one of customers) {
      const digits = one.locker_code!.slice(3)
      expect(generated.exact(`${pick(printed)}${digits}`)).toBe(one)
      expect(generated.exact(one.email!.toUpperCase())).toBe(one)
      const word = fold(one.full_name!.split(' ')[1]!)
      expect(generated.search(word.slice(0, 3))).toContain(one)
      expect(generated.search(one.phone!.slice(-7))).toContain(one)
    }
  })
})
