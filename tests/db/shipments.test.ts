import { createHash, randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { buildRates } from '@/business-rules/rates'
import { type AddOn, quoteShipment } from '@/features/public/calculator/shipping-quote'
import { type Caller, createApiUser, engines, type Engine } from './engines.ts'
import { type Cluster, beginAs, queryAs, startCluster, waitUntilBlocked } from './postgres-cluster.ts'
import { payOwedSql } from '../support/pay-owed.ts'

// Shipments on PGlite and PostgreSQL 15: who reads what, rates and set_rates, the price of a
// request and of its box (the calculator's rules, computed by the database), request_shipment,
// cancel_shipment, approve_shipment and advance_shipment (validated, exactly once per op, the
// packages' statuses following) and pull_shipments. Then, on PostgreSQL 15 only, the races.

type User = JwtClaims & { sub: string }

interface Price {
  billable_lb: number
  cents_per_lb: number
  freight_cents: number
  express_cents: number
  insurance_cents: number
  consolidation_cents: number
  total_cents: number
}

interface Shipment {
  id: string
  user_id: string
  status: string
  service: string
  options: Record<string, boolean>
  address: Record<string, string>
  declared_total_cents: number
  estimate_cents: number
  estimate: Price
  final_cents: number | null
  final: Price | null
  weight_kg: number | null
  length_cm: number | null
  width_cm: number | null
  height_cm: number | null
  carrier: string | null
  outbound_tracking: string | null
  version: number
  created_at: string
  updated_at: string
  items: { position: number; description: string; quantity: number; unit_value_cents: number }[]
  events: { status: string; changed_at: string; recorded_at: string }[]
  package_ids: string[]
}

interface Advanced {
  outcome: 'applied' | 'superseded'
  shipment: Shipment
}

interface Pull {
  shipments: Shipment[]
  checkpoint: string | null
  has_more: boolean
}

interface RequestArgs {
  packageIds: string[] | string | null
  service: string | null
  options: unknown
  items: unknown
  address: unknown
}

const conflictOf = (opId: string) => ({ ok: false, code: 'PT409', message: `operation ${opId} was already recorded for a different change` })
const notFound = { ok: false, code: 'PT404', message: 'Shipment not found' }
const invalid = (message: string) => ({ ok: false, code: '22023', message })
const denied = (message: string | RegExp) => ({ ok: false, code: '42501', message: typeof message === 'string' ? message : expect.stringMatching(message) })

/** A uuid[] literal: PGlite and node-postgres both take it as text. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`
/** A jsonb parameter; null is SQL null. */
const json = (value: unknown) => (value === null ? null : JSON.stringify(value))
/** The op id advance_shipment and cancel give a package's event: md5 of "<shipment op>:<package>" as a uuid. */
const eventOpOf = (opId: string, packageId: string) => {
  const hex = createHash('md5').update(`${opId}:${packageId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
const freshTracking = () => `SHIP-${randomUUID().slice(0, 13).toUpperCase()}`

const address = {
  name: 'Cliente Demo',
  address: 'Av. Francisco de Miranda, Torre Europa, piso 4',
  city: 'Caracas',
  postal_code: '1060',
  country: 'Venezuela',
  phone: '+58 412 555 0142',
  id_number: 'V-18.456.789',
}
/** Declares $100: two pairs of shoes at $50. */
const items = [{ description: 'Running shoes', quantity: 2, unit_value_usd: 50 }]
const box = { weight_kg: 3.5, length_cm: 40, width_cm: 30, height_cm: 20 }
const dispatch = { carrier: 'DHL Express', tracking: 'JD0146000012345' }

const requestSql = `select public.request_shipment($1, $2, $3::uuid[], $4, $5::jsonb, $6::jsonb, $7::jsonb) as result`
const cancelSql = `select public.cancel_shipment($1, $2) as result`
/** The customer approves the charge they see: the shipment's final charge as it is now. */
const approveSql = `select public.approve_shipment($1, $2, (select s.final_cents from public.shipments s where s.id = $2)) as result`
const advanceSql = `select public.advance_shipment($1, $2, $3, $4, $5::timestamptz, $6::jsonb) as result`

const requestParams = (opId: string, shipmentId: string, args: RequestArgs) => [
  opId,
  shipmentId,
  Array.isArray(args.packageIds) ? uuidArray(args.packageIds) : args.packageIds,
  args.service,
  json(args.options),
  json(args.items),
  json(args.address),
]

/** The order an admin walks a shipment through (approved is the customer's step). */
const path = ['requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered'] as const
type Status = (typeof path)[number] | 'cancelled'

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let customer: User
  let other: User
  let standard: User

  /** A package of this user's, at the warehouse unless told otherwise; as the database owner. */
  const pkg = async (
    user: User,
    f: { weight?: number | null; volume?: number | null; status?: string; tracking?: string | null; deleted?: boolean } = {},
  ) =>
    (
      await db.owner<{ id: string }>(
        `insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3, deleted_at)
         values ($1, $2, $3, $4, $5, case when $6 then now() end) returning id`,
        [
          user.sub,
          f.tracking === undefined ? freshTracking() : f.tracking,
          f.status ?? 'recibido',
          f.weight === undefined ? 1.5 : f.weight,
          f.volume === undefined ? 0.01 : f.volume,
          f.deleted ?? false,
        ],
      )
    )[0]!.id

  const args = (packageIds: string[], overrides: Partial<RequestArgs> = {}): RequestArgs => ({
    packageIds,
    service: 'standard',
    options: { insurance: true },
    items,
    address,
    ...overrides,
  })
  /** Commits. */
  const request = async (caller: User, a: RequestArgs, opId: string = randomUUID(), shipmentId: string = randomUUID()) =>
    (await db.as(caller)<{ result: Shipment }>(requestSql, requestParams(opId, shipmentId, a)))[0]!.result
  /** Rolls back; errors come back as outcomes. */
  const tryRequest = (caller: Caller, a: RequestArgs, opId: string = randomUUID(), shipmentId: string = randomUUID()) =>
    db.attempt(caller, async (query) => (await query<{ result: Shipment }>(requestSql, requestParams(opId, shipmentId, a)))[0]!.result)
  /** A requested shipment of two fresh packages of this user's. */
  const requested = async (user: User = customer, overrides: Partial<RequestArgs> = {}) =>
    request(user, args([await pkg(user), await pkg(user)], overrides))

  const cancel = async (caller: User, id: string, opId = randomUUID()) =>
    (await db.as(caller)<{ result: Shipment }>(cancelSql, [opId, id]))[0]!.result
  const tryCancel = (caller: Caller, id: string, opId = randomUUID()) =>
    db.attempt(caller, async (query) => (await query<{ result: Shipment }>(cancelSql, [opId, id]))[0]!.result)
  const approve = async (caller: User, id: string, opId = randomUUID()) =>
    (await db.as(caller)<{ result: Shipment }>(approveSql, [opId, id]))[0]!.result
  const tryApprove = (caller: Caller, id: string, opId = randomUUID()) =>
    db.attempt(caller, async (query) => (await query<{ result: Shipment }>(approveSql, [opId, id]))[0]!.result)

  interface Step {
    status: string
    base: number
    changedAt?: string | null
    details?: unknown
    opId?: string
  }
  const advanceParams = (id: string, s: Step) => [s.opId ?? randomUUID(), id, s.status, s.base, s.changedAt ?? null, json(s.details ?? null)]
  const advance = async (id: string, s: Step, caller: User = admin) =>
    (await db.as(caller)<{ result: Advanced }>(advanceSql, advanceParams(id, s)))[0]!.result
  const tryAdvance = (caller: Caller, id: string, s: Step) =>
    db.attempt(caller, async (query) => (await query<{ result: Advanced }>(advanceSql, advanceParams(id, s)))[0]!.result)

  /** Walks a shipment forward to `target`, as the warehouse and the customer would. */
  const walk = async (shipment: Shipment, target: Status): Promise<Shipment> => {
    let current = shipment
    if (target === 'cancelled') return cancel(admin, current.id)
    for (const status of path.slice(path.indexOf(current.status as (typeof path)[number]) + 1, path.indexOf(target) + 1)) {
      if (status === 'approved') {
        current = await approve(owners.get(current.user_id)!, current.id)
      } else {
        if (status === 'shipped') await db.owner(payOwedSql, [current.user_id])
        const details = status === 'awaiting_approval' ? box : status === 'shipped' ? dispatch : null
        const result = await advance(current.id, { status, base: current.version, details })
        expect(result.outcome).toBe('applied')
        current = result.shipment
      }
    }
    return current
  }
  const owners = new Map<string, User>()

  const packageState = async (id: string) =>
    (
      await db.owner<{ status: string; shipment_id: string | null; version: number }>(
        `select status, shipment_id, version::int from public.packages where id = $1`,
        [id],
      )
    )[0]!
  const packageEvents = async (id: string) =>
    db.owner<{ status: string; op_id: string; actor: string | null; changed_at: Date; outcome: string }>(
      `select status, op_id, actor, changed_at, outcome from public.package_events where package_id = $1 order by recorded_at, id`,
      [id],
    )
  const count = async (sql: string, params: unknown[]) => (await db.owner<{ n: number }>(sql, params))[0]!.n
  const opCount = (opId: string) => count(`select count(*)::int as n from public.shipment_ops where op_id = $1`, [opId])
  const eventCount = (id: string) => count(`select count(*)::int as n from public.shipment_events where shipment_id = $1`, [id])

  const pull = async (caller: User, since: string | null, limit: number | null = 1000) =>
    (await db.as(caller)<{ result: Pull }>(`select public.pull_shipments($1, $2) as result`, [since, limit]))[0]!.result

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    other = await createApiUser(db)
    standard = await createApiUser(db)
    await db.owner(`update public.profiles set plan = 'standard' where id = $1`, [standard.sub])
    for (const user of [admin, customer, other, standard]) owners.set(user.sub, user)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  describe('who reads and writes', () => {
    let mine: Shipment
    let theirs: Shipment
    const ids = () => [mine.id, theirs.id].sort()
    const visible = (caller: Caller, table: string, key: string) =>
      db.attempt(caller, async (query) =>
        [...new Set((await query<{ id: string }>(`select ${key} as id from public.${table} where ${key} = any($1::uuid[])`, [uuidArray(ids())])).map((row) => row.id))].sort(),
      )

    beforeAll(async () => {
      mine = await requested(customer)
      theirs = await requested(other)
    })

    it('a customer reads their own shipments, items and events, another customer theirs, an admin all, anon nothing', async () => {
      for (const [table, key] of [
        ['shipments', 'id'],
        ['shipment_items', 'shipment_id'],
        ['shipment_events', 'shipment_id'],
      ] as const) {
        expect(await visible(customer, table, key), table).toEqual({ ok: true, value: [mine.id] })
        expect(await visible(other, table, key), table).toEqual({ ok: true, value: [theirs.id] })
        expect(await visible(admin, table, key), table).toEqual({ ok: true, value: ids() })
        expect(await visible(null, table, key), table).toEqual(denied(new RegExp(`permission denied for table ${table}`)))
      }
    })

    it('no API role inserts, updates or deletes shipments, items or events directly, not even an admin', async () => {
      const writes: [string, unknown[]][] = [
        [
          `insert into public.shipments (user_id, service, options, address, declared_total_cents, estimate_cents, estimate)
           values ($1, 'standard', '{"insurance": false, "repack": false, "remove_invoices": false, "extra_protection": false}', '{}', 0, 0, '{}')`,
          [customer.sub],
        ],
        [`update public.shipments set status = 'delivered' where id = $1`, [mine.id]],
        [`update public.shipments set estimate_cents = 1 where id = $1`, [mine.id]],
        [`delete from public.shipments where id = $1`, [mine.id]],
        [`insert into public.shipment_items (shipment_id, position, description, quantity, unit_value_cents) values ($1, 9, 'x', 1, 1)`, [mine.id]],
        [`update public.shipment_items set quantity = 1 where shipment_id = $1`, [mine.id]],
        [`delete from public.shipment_items where shipment_id = $1`, [mine.id]],
        [`insert into public.shipment_events (shipment_id, status) values ($1, 'delivered')`, [mine.id]],
        [`update public.shipment_events set status = 'delivered' where shipment_id = $1`, [mine.id]],
        [`delete from public.shipment_events where shipment_id = $1`, [mine.id]],
      ]
      for (const caller of [null, customer, admin]) {
        for (const [sql, params] of writes) {
          expect(await db.attempt(caller, (query) => query(sql, params)), `${caller?.sub ?? 'anon'}: ${sql}`).toEqual(denied(/permission denied for table shipment/))
        }
      }
      expect(await count(`select version::int as n from public.shipments where id = $1`, [mine.id])).toBe(1)
    })

    it('the op log is closed to every API role', async () => {
      for (const caller of [null, customer, admin]) {
        expect(await db.attempt(caller, (query) => query(`select * from public.shipment_ops`))).toMatchObject({ ok: false, code: '42501' })
        expect(
          await db.attempt(caller, (query) =>
            query(`insert into public.shipment_ops (op_id, shipment_id, actor, kind, args) values (gen_random_uuid(), $1, $2, 'cancel', '{}')`, [mine.id, customer.sub]),
          ),
        ).toMatchObject({ ok: false, code: '42501' })
      }
    })

    it('admins cannot put a package in a shipment or take it out directly, by update or insert', async () => {
      const packageId = mine.package_ids[0]!
      expect(await db.attempt(admin, (query) => query(`update public.packages set shipment_id = null where id = $1`, [packageId]))).toEqual(
        denied(/permission denied for table packages/),
      )
      expect(
        await db.attempt(admin, (query) => query(`update public.packages set shipment_id = $1 where id = $2`, [theirs.id, packageId])),
      ).toEqual(denied(/permission denied for table packages/))
      expect(
        await db.attempt(admin, (query) => query(`insert into public.packages (user_id, shipment_id) values ($1, $2)`, [customer.sub, mine.id])),
      ).toEqual(denied(/permission denied for table packages/))
      // Everything else an admin did directly still works.
      expect(await db.attempt(admin, (query) => query(`insert into public.packages (user_id, tracking_code) values ($1, 'DIRECT-1') returning id`, [customer.sub]))).toMatchObject({
        ok: true,
      })
      expect(await db.attempt(admin, (query) => query(`update public.packages set weight_kg = 2 where id = $1 returning id`, [packageId]))).toMatchObject({
        ok: true,
        value: [{ id: packageId }],
      })
      expect(await packageState(packageId)).toMatchObject({ shipment_id: mine.id })
    })

    it('anon executes none of the shipment functions; the API roles none of the internal ones', async () => {
      const rpcs: [string, unknown[]][] = [
        [requestSql, requestParams(randomUUID(), randomUUID(), args([mine.package_ids[0]!]))],
        [cancelSql, [randomUUID(), mine.id]],
        [`select public.approve_shipment($1, $2, null)`, [randomUUID(), mine.id]],
        [advanceSql, [randomUUID(), mine.id, 'processing', 1, null, null]],
        [`select public.pull_shipments(null, 10)`, []],
        [`select public.set_rates('{}')`, []],
      ]
      for (const [sql, params] of rpcs) {
        expect(await db.attempt(null, (query) => query(sql, params)), sql).toEqual(denied(/permission denied for function/))
      }
      const internal: [string, unknown[]][] = [
        [`select public.shipment_price('basic', 1, 1, 'standard', false, 0, 1)`, []],
        [`select public.shipment_json(null::public.shipments)`, []],
        [`select public.rate_value('express_cents')`, []],
        [`select public.rate_problem('express_cents', 1)`, []],
        [`select public.record_shipment_op(gen_random_uuid(), gen_random_uuid(), 'cancel', '{}')`, []],
        [`select public.shipment_options_input('{}')`, []],
        [`select public.shipment_items_input('[]')`, []],
        [`select public.shipment_address_input('{}')`, []],
        [`select public.shipment_status_follows($1, 'delivered', gen_random_uuid(), now())`, [mine.id]],
      ]
      for (const caller of [null, customer, admin]) {
        for (const [sql, params] of internal) {
          expect(await db.attempt(caller, (query) => query(sql, params)), sql).toEqual(denied(/permission denied for function/))
        }
      }
    })

    it('everyone reads the rates, anon included; only admins read their history; nobody writes either directly', async () => {
      const seeded = {
        basic_cents_per_lb: 499,
        standard_cents_per_lb: 399,
        premium_cents_per_lb: 299,
        express_cents: 1500,
        insurance_percent: 2,
        consolidation_basic_cents: 500,
        photos_cents: 200,
        volumetric_in3_per_lb: 166,
        volumetric_cm3_per_kg: 5000,
        max_weight_kg: 32,
        max_linear_in: 108,
        storage_fee_cents_per_day: 100,
      }
      for (const caller of [null, customer, admin]) {
        expect(await db.attempt(caller, async (query) => (await query<{ r: unknown }>(`select public.rates_json() as r`))[0]!.r)).toEqual({ ok: true, value: seeded })
        const rows = await db.attempt(caller, (query) => query<{ key: string; value: string }>(`select key, value::text from public.rates order by key`))
        expect(rows.ok && Object.fromEntries(rows.value.map((row) => [row.key, Number(row.value)]))).toEqual(seeded)
        for (const sql of [
          `update public.rates set value = 1 where key = 'express_cents'`,
          `insert into public.rates (key, value) values ('express_cents', 1)`,
          `delete from public.rates`,
          `insert into public.rate_changes (key, old_value, new_value) values ('express_cents', 1, 2)`,
          `delete from public.rate_changes`,
        ]) {
          expect(await db.attempt(caller, (query) => query(sql)), sql).toEqual(denied(/permission denied for table rate/))
        }
      }
      expect(await db.attempt(null, (query) => query(`select * from public.rate_changes`))).toEqual(denied(/permission denied for table rate_changes/))
      const history = (caller: User) =>
        db.attempt(caller, async (query) => {
          await query(`select public.set_rates('{"photos_cents": 250}')`, [])
          // The admins' changes: the storage fee's introduction is a change of no one's (20261205100100).
          return (await query<{ key: string }>(`select key from public.rate_changes where changed_by is not null`)).map((row) => row.key)
        })
      expect(await history(admin)).toEqual({ ok: true, value: ['photos_cents'] })
    })

    it('pull_shipments gives a customer their own and an admin every one', async () => {
      const pulledBy = async (caller: User) => (await pull(caller, null)).shipments.map((row) => row.id).filter((id) => ids().includes(id))
      expect(await pulledBy(customer)).toEqual([mine.id])
      expect(await pulledBy(other)).toEqual([theirs.id])
      expect((await pulledBy(admin)).sort()).toEqual(ids())
    })
  })

  describe('set_rates', () => {
    const setRates = (caller: Caller, changes: unknown) =>
      db.attempt(caller, async (query) => {
        const [row] = await query<{ result: Record<string, number> }>(`select public.set_rates($1::jsonb) as result`, [json(changes)])
        const history = await query<{ key: string; old_value: string; new_value: string; changed_by: string | null }>(
          `select key, old_value::text, new_value::text, changed_by from public.rate_changes where changed_by is not null order by id`,
        )
        const stamps = await query<{ key: string; updated_by: string | null }>(`select key, updated_by from public.rates where updated_by is not null order by key`)
        return { rates: row!.result, history, stamps }
      })

    it('is for admins only', async () => {
      expect(await setRates(customer, { express_cents: 1 })).toEqual(denied('permission denied: only admins can change the rates'))
    })

    it('changes the rates given, records one history row per value that actually changed, and returns every rate', async () => {
      const outcome = await setRates(admin, { express_cents: 1600, insurance_percent: 2.5, basic_cents_per_lb: 499, max_weight_kg: 30.5 })
      expect(outcome).toMatchObject({ ok: true })
      const { rates, history, stamps } = (outcome as { value: { rates: Record<string, number>; history: unknown[]; stamps: unknown[] } }).value
      expect(rates).toMatchObject({ express_cents: 1600, insurance_percent: 2.5, basic_cents_per_lb: 499, max_weight_kg: 30.5, standard_cents_per_lb: 399 })
      expect(Object.keys(rates)).toHaveLength(12)
      expect(history).toEqual([
        { key: 'express_cents', old_value: '1500', new_value: '1600', changed_by: admin.sub },
        { key: 'insurance_percent', old_value: '2', new_value: '2.5', changed_by: admin.sub },
        { key: 'max_weight_kg', old_value: '32', new_value: '30.5', changed_by: admin.sub },
      ])
      expect(stamps).toEqual(['express_cents', 'insurance_percent', 'max_weight_kg'].map((key) => ({ key, updated_by: admin.sub })))
    })

    it('an empty object or unchanged values change nothing', async () => {
      expect(await setRates(admin, {})).toMatchObject({ ok: true, value: { history: [], stamps: [] } })
      expect(await setRates(admin, { express_cents: 1500.0, insurance_percent: 2 })).toMatchObject({ ok: true, value: { history: [], stamps: [] } })
    })

    it('refuses an unknown key or a bad value with 22023 and a message naming the key, changing nothing', async () => {
      const cents = (key: string) => invalid(`${key} must be a whole number of cents from 0 to 100000`)
      const percent = invalid('insurance_percent must be a percentage from 0 to 100, with at most 2 decimals')
      const divisor = (key: string) => invalid(`${key} must be a whole number from 1 to 100000`)
      const limit = (key: string) => invalid(`${key} must be greater than 0`)
      const cases: [unknown, unknown][] = [
        [{ express_cents: 15.5 }, cents('express_cents')],
        [{ express_cents: -1 }, cents('express_cents')],
        [{ express_cents: 100001 }, cents('express_cents')],
        [{ express_cents: '1500' }, cents('express_cents')],
        [{ express_cents: null }, cents('express_cents')],
        [{ basic_cents_per_lb: 4.99 }, cents('basic_cents_per_lb')],
        [{ standard_cents_per_lb: true }, cents('standard_cents_per_lb')],
        [{ premium_cents_per_lb: -299 }, cents('premium_cents_per_lb')],
        [{ consolidation_basic_cents: 0.5 }, cents('consolidation_basic_cents')],
        [{ photos_cents: 1e6 }, cents('photos_cents')],
        [{ insurance_percent: 100.01 }, percent],
        [{ insurance_percent: -0.01 }, percent],
        [{ insurance_percent: 2.005 }, percent],
        [{ volumetric_cm3_per_kg: 0 }, divisor('volumetric_cm3_per_kg')],
        [{ volumetric_cm3_per_kg: 5000.5 }, divisor('volumetric_cm3_per_kg')],
        [{ volumetric_in3_per_lb: 100001 }, divisor('volumetric_in3_per_lb')],
        [{ max_weight_kg: 0 }, limit('max_weight_kg')],
        [{ max_linear_in: -108 }, limit('max_linear_in')],
        [{ storage_cents: 100 }, invalid('storage_cents is not a rate')],
        // Every key is checked before anything changes.
        [{ express_cents: 1600, photos_cents: -1 }, cents('photos_cents')],
        [[1], invalid('p_changes must be a JSON object of rates and their values')],
        [null, invalid('p_changes must be a JSON object of rates and their values')],
      ]
      for (const [changes, expected] of cases) {
        expect(await setRates(admin, changes), JSON.stringify(changes)).toEqual(expected)
      }
    })

    it('accepts every limit itself', async () => {
      for (const changes of [
        { express_cents: 0, photos_cents: 100000 },
        { insurance_percent: 0 },
        { insurance_percent: 100 },
        { insurance_percent: 0.01 },
        { volumetric_cm3_per_kg: 1, volumetric_in3_per_lb: 100000 },
        { max_weight_kg: 0.01, max_linear_in: 1000 },
      ]) {
        expect(await setRates(admin, changes), JSON.stringify(changes)).toMatchObject({ ok: true })
      }
    })

    it('the table itself refuses what set_rates refuses, for the owner too', async () => {
      for (const [sql, constraint] of [
        [`update public.rates set value = 1.5 where key = 'express_cents'`, 'rates_value_valid'],
        [`update public.rates set value = 0 where key = 'volumetric_cm3_per_kg'`, 'rates_value_valid'],
        [`update public.rates set value = 'NaN' where key = 'max_weight_kg'`, 'rates_value_valid'],
        [`update public.rates set value = 'Infinity' where key = 'max_linear_in'`, 'rates_value_valid'],
        [`update public.rates set value = 'NaN' where key = 'express_cents'`, 'rates_value_valid'],
        [`insert into public.rates (key, value) values ('storage_cents', 1)`, 'rates_key_known'],
      ]) {
        expect(await db.attempt('owner', (query) => query(sql!))).toMatchObject({ ok: false, code: '23514', message: expect.stringContaining(constraint!) })
      }
    })

    it('a new rate prices the next request', async () => {
      await db.as(admin)(`select public.set_rates('{"express_cents": 1750, "standard_cents_per_lb": 401}')`)
      try {
        const shipment = await requested(standard, { service: 'express' })
        expect(shipment.estimate).toMatchObject({ cents_per_lb: 401, express_cents: 1750 })
      } finally {
        await db.as(admin)(`select public.set_rates('{"express_cents": 1500, "standard_cents_per_lb": 399}')`)
      }
      expect(await count(`select count(*)::int as n from public.rate_changes where key in ('express_cents', 'standard_cents_per_lb')`, [])).toBe(4)
      // The history is the admins': a customer's select finds none of it.
      expect(await db.as(customer)(`select * from public.rate_changes`)).toEqual([])
      expect((await db.as(admin)(`select * from public.rate_changes`)).length).toBeGreaterThanOrEqual(4)
    })
  })

  describe('the price, computed by the database with the calculator’s rules', () => {
    const price = async (plan: string, actualLb: number | string, volumetricLb: number | string, service: string, insurance: boolean, declaredCents: number, count: number) =>
      (
        await db.owner<{ p: Price }>(`select public.shipment_price($1, $2, $3, $4, $5, $6, $7) as p`, [
          plan,
          actualLb,
          volumetricLb,
          service,
          insurance,
          declaredCents,
          count,
        ])
      )[0]!.p

    it('rounds billable pounds up, at least 1, never for a hair above a whole pound', async () => {
      expect((await price('basic', 0, 0, 'standard', false, 0, 1)).billable_lb).toBe(1)
      expect((await price('basic', '2.0000000001', 0, 'standard', false, 0, 1)).billable_lb).toBe(2)
      expect((await price('basic', '2.000001', 0, 'standard', false, 0, 1)).billable_lb).toBe(3)
      expect((await price('basic', 1, '4.2', 'standard', false, 0, 1)).billable_lb).toBe(5)
    })

    it('rounds insurance half a cent up', async () => {
      // $0.25 declared: 0.5 ¢ of insurance → 1 ¢; $125.25: 250.5 ¢ → 251 ¢; $125.24: 250.48 ¢ → 250 ¢.
      expect((await price('basic', 1, 0, 'standard', true, 25, 1)).insurance_cents).toBe(1)
      expect((await price('basic', 1, 0, 'standard', true, 12525, 1)).insurance_cents).toBe(251)
      expect((await price('basic', 1, 0, 'standard', true, 12524, 1)).insurance_cents).toBe(250)
      expect((await price('basic', 1, 0, 'standard', false, 12525, 1)).insurance_cents).toBe(0)
    })

    it('agrees with quoteShipment, the calculator, box by box', async () => {
      const boxes: { plan: 'basic' | 'standard' | 'premium'; kg: number; cm: [number, number, number]; declared: number; addOns: AddOn[] }[] = [
        { plan: 'basic', kg: 3.5, cm: [40, 30, 20], declared: 100, addOns: ['insurance', 'express', 'consolidation'] },
        { plan: 'standard', kg: 12.4, cm: [60, 40, 40], declared: 0, addOns: [] },
        { plan: 'premium', kg: 0.45, cm: [10, 10, 5], declared: 79.99, addOns: ['insurance'] },
        { plan: 'basic', kg: 31.99, cm: [100, 100, 74], declared: 1234.56, addOns: ['insurance', 'consolidation'] },
        { plan: 'standard', kg: 2, cm: [25.5, 20.2, 10.1], declared: 0.25, addOns: ['insurance', 'express'] },
      ]
      for (const b of boxes) {
        const quote = quoteShipment({
          units: 'metric',
          weight: String(b.kg),
          length: String(b.cm[0]),
          width: String(b.cm[1]),
          height: String(b.cm[2]),
          plan: b.plan,
          declaredValue: String(b.declared),
          addOns: new Set(b.addOns),
        }, buildRates)
        if (!quote.ok) throw new Error(JSON.stringify(quote))
        // The final charge's formula (advance_shipment), with the calculator's add-ons as shipment choices.
        const [row] = await db.owner<{ p: Price }>(
          `select public.shipment_price($1, $2::numeric * 2.20462, $3::numeric * $4 * $5 / 5000 * 2.20462, $6, $7, $8, $9) as p`,
          [
            b.plan,
            b.kg,
            b.cm[0],
            b.cm[1],
            b.cm[2],
            b.addOns.includes('express') ? 'express' : 'standard',
            b.addOns.includes('insurance'),
            Math.round(b.declared * 100),
            b.addOns.includes('consolidation') ? 2 : 1,
          ],
        )
        const cents = (kind: AddOn) => quote.quote.addOns.find((addOn) => addOn.kind === kind)?.cents ?? 0
        expect(row!.p, JSON.stringify(b)).toEqual({
          billable_lb: quote.quote.billableLb,
          cents_per_lb: quote.quote.centsPerPound,
          freight_cents: quote.quote.freightCents,
          express_cents: cents('express'),
          insurance_cents: cents('insurance'),
          consolidation_cents: cents('consolidation'),
          total_cents: quote.quote.totalCents,
        })
      }
    })
  })

  describe('request_shipment', () => {
    it('creates the shipment with its estimate, items, first event and packages: two packages on basic, express, insured', async () => {
      const a = await pkg(customer, { weight: 2.35, volume: 0.012 })
      const b = await pkg(customer, { weight: 1.1, volume: 0.008 })
      const [opId, id] = [randomUUID(), randomUUID()]
      const before = await packageState(a)
      const shipment = await request(
        customer,
        args([b, a], {
          service: 'express',
          options: { insurance: true, repack: true },
          items: [
            { description: '  Running shoes ', quantity: 1, unit_value_usd: 60 },
            { description: 'Phone case', quantity: 4, unit_value_usd: 10 },
          ],
          address: { ...address, name: ' Cliente Demo ', postal_code: undefined, id_number: '' },
        }),
        opId,
        id,
      )
      // By hand: actual (2.35 + 1.10) kg × 2.20462 = 7.605939 lb; volumetric (0.012 + 0.008) m³ ×
      // 1,000,000 / 5000 × 2.20462 = 8.81848 lb; billable ⌈8.81848⌉ = 9 lb × 499 ¢ (basic) = 4491 ¢;
      // express 1500 ¢; insurance 2 % of $100.00 = 200 ¢; consolidation (basic, 2 packages) 500 ¢.
      const estimate = { billable_lb: 9, cents_per_lb: 499, freight_cents: 4491, express_cents: 1500, insurance_cents: 200, consolidation_cents: 500, total_cents: 6691 }
      expect(shipment).toEqual({
        id,
        user_id: customer.sub,
        status: 'requested',
        service: 'express',
        options: { insurance: true, repack: true, remove_invoices: false, extra_protection: false },
        address: { ...address, postal_code: '', id_number: '' },
        declared_total_cents: 10000,
        estimate_cents: 6691,
        estimate,
        final_cents: null,
        final: null,
        weight_kg: null,
        length_cm: null,
        width_cm: null,
        height_cm: null,
        carrier: null,
        outbound_tracking: null,
        documents: [],
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        items: [
          { position: 1, description: 'Running shoes', quantity: 1, unit_value_cents: 6000 },
          { position: 2, description: 'Phone case', quantity: 4, unit_value_cents: 1000 },
        ],
        events: [{ status: 'requested', changed_at: expect.any(String), recorded_at: expect.any(String), final_cents: null, final: null, reason: null }],
        package_ids: [a, b].sort(),
      })
      for (const id_ of [a, b]) expect(await packageState(id_)).toEqual({ status: 'recibido', shipment_id: id, version: before.version + 1 })
      expect(await packageEvents(a)).toHaveLength(1)
      expect(await opCount(opId)).toBe(1)
    })

    it('on the standard plan: no consolidation fee, 399 ¢ a pound; without express or insurance, nothing for them', async () => {
      const packageIds = [await pkg(standard, { weight: 2.35, volume: 0.012 }), await pkg(standard, { weight: 1.1, volume: 0.008 })]
      const insured = await request(standard, args(packageIds))
      // 9 lb × 399 ¢ = 3591 ¢, insurance 200 ¢.
      expect(insured.estimate).toEqual({ billable_lb: 9, cents_per_lb: 399, freight_cents: 3591, express_cents: 0, insurance_cents: 200, consolidation_cents: 0, total_cents: 3791 })
      await cancel(standard, insured.id)
      const plain = await request(standard, args(packageIds, { options: {} }))
      expect(plain.estimate).toEqual({ billable_lb: 9, cents_per_lb: 399, freight_cents: 3591, express_cents: 0, insurance_cents: 0, consolidation_cents: 0, total_cents: 3591 })
      expect(plain.options).toEqual({ insurance: false, repack: false, remove_invoices: false, extra_protection: false })
    })

    it('one package on basic pays no consolidation; a package without weight or volume counts 0 (1 lb at least)', async () => {
      const single = await request(customer, args([await pkg(customer, { weight: null, volume: null })], { options: null }))
      expect(single.estimate).toEqual({ billable_lb: 1, cents_per_lb: 499, freight_cents: 499, express_cents: 0, insurance_cents: 0, consolidation_cents: 0, total_cents: 499 })
      // Actual weight wins when heavier: 10 kg × 2.20462 = 22.0462 lb → 23 lb; volume 0.01 m³ → 4.40924 lb.
      const heavy = await request(customer, args([await pkg(customer, { weight: 10, volume: 0.01 })], { options: { insurance: false } }))
      expect(heavy.estimate).toMatchObject({ billable_lb: 23, freight_cents: 23 * 499, total_cents: 23 * 499 })
      expect(heavy.declared_total_cents).toBe(10000)
    })

    it('refuses each input outside its limits with 22023 and a message that starts with the field', async () => {
      const [a, b] = [await pkg(customer), await pkg(customer)]
      const ids = [a, b]
      const item = items[0]!
      const itemCase = (change: Record<string, unknown>, message: string): [Partial<RequestArgs>, unknown] => [
        { items: [item, { ...item, ...change }] },
        invalid(`p_items[1].${message}`),
      ]
      const addressCase = (change: Record<string, unknown>, message: string): [Partial<RequestArgs>, unknown] => [
        { address: { ...address, ...change } },
        invalid(`p_address.${message}`),
      ]
      const packages = invalid('p_package_ids must list 1 to 20 packages')
      const service = invalid('p_service must be standard or express')
      const itemList = invalid('p_items must be a list of 1 to 50 items')
      const cases: [Partial<RequestArgs>, unknown][] = [
        [{ packageIds: [] }, packages],
        [{ packageIds: null }, packages],
        [{ packageIds: '{NULL}' }, packages],
        [{ packageIds: Array.from({ length: 21 }, () => randomUUID()) }, packages],
        [{ packageIds: [a, b, a] }, invalid('p_package_ids must not list a package twice')],
        [{ service: 'overnight' }, service],
        [{ service: null }, service],
        [{ options: [true] }, invalid('p_options must be a JSON object')],
        [{ options: { gift_wrap: true } }, invalid('p_options.gift_wrap is not an option (insurance, repack, remove_invoices, extra_protection)')],
        [{ options: { insurance: 'yes' } }, invalid('p_options.insurance must be true or false')],
        [{ options: { repack: null } }, invalid('p_options.repack must be true or false')],
        [{ items: null }, itemList],
        [{ items: [] }, itemList],
        [{ items: item }, itemList],
        [{ items: Array.from({ length: 51 }, () => item) }, itemList],
        [{ items: [item, 'shoes'] }, invalid('p_items[1] must be a JSON object')],
        itemCase({ description: '' }, 'description must be 1 to 200 characters'),
        itemCase({ description: ' \t ' }, 'description must be 1 to 200 characters'),
        itemCase({ description: 'd'.repeat(201) }, 'description must be 1 to 200 characters'),
        itemCase({ description: 42 }, 'description must be 1 to 200 characters'),
        itemCase({ description: undefined }, 'description must be 1 to 200 characters'),
        itemCase({ quantity: 0 }, 'quantity must be a whole number from 1 to 999'),
        itemCase({ quantity: 1000 }, 'quantity must be a whole number from 1 to 999'),
        itemCase({ quantity: 1.5 }, 'quantity must be a whole number from 1 to 999'),
        itemCase({ quantity: '2' }, 'quantity must be a whole number from 1 to 999'),
        itemCase({ quantity: null }, 'quantity must be a whole number from 1 to 999'),
        itemCase({ unit_value_usd: -0.01 }, 'unit_value_usd must be 0 to 50000 USD, with at most 2 decimals'),
        itemCase({ unit_value_usd: 50000.01 }, 'unit_value_usd must be 0 to 50000 USD, with at most 2 decimals'),
        itemCase({ unit_value_usd: 1.005 }, 'unit_value_usd must be 0 to 50000 USD, with at most 2 decimals'),
        itemCase({ unit_value_usd: '10' }, 'unit_value_usd must be 0 to 50000 USD, with at most 2 decimals'),
        itemCase({ unit_value_usd: undefined }, 'unit_value_usd must be 0 to 50000 USD, with at most 2 decimals'),
        itemCase({ hs_code: '6404' }, 'hs_code is not an item field (description, quantity, unit_value_usd)'),
        [{ address: null }, invalid('p_address must be a JSON object')],
        [{ address: [address] }, invalid('p_address must be a JSON object')],
        addressCase({ email: 'a@b.c' }, 'email is not an address field (name, address, city, postal_code, country, phone, id_number)'),
        addressCase({ name: '' }, 'name must be 1 to 120 characters'),
        addressCase({ name: '   ' }, 'name must be 1 to 120 characters'),
        addressCase({ name: undefined }, 'name must be 1 to 120 characters'),
        addressCase({ name: 'n'.repeat(121) }, 'name must be 1 to 120 characters'),
        addressCase({ name: 7 }, 'name must be text'),
        addressCase({ address: 'a'.repeat(201) }, 'address must be 1 to 200 characters'),
        addressCase({ address: null }, 'address must be 1 to 200 characters'),
        addressCase({ city: '' }, 'city must be 1 to 80 characters'),
        addressCase({ city: 'c'.repeat(81) }, 'city must be 1 to 80 characters'),
        addressCase({ postal_code: '1'.repeat(21) }, 'postal_code must be at most 20 characters'),
        addressCase({ country: 'V' }, 'country must be 2 to 60 characters'),
        addressCase({ country: 'v'.repeat(61) }, 'country must be 2 to 60 characters'),
        addressCase({ phone: '1234' }, 'phone must be 5 to 30 characters'),
        addressCase({ phone: '1'.repeat(31) }, 'phone must be 5 to 30 characters'),
        addressCase({ phone: 'call me later' }, 'phone may contain only digits, spaces and + - ( )'),
        addressCase({ phone: '555.1234' }, 'phone may contain only digits, spaces and + - ( )'),
        addressCase({ phone: 5551234 }, 'phone must be text'),
        addressCase({ id_number: 'i'.repeat(31) }, 'id_number must be at most 30 characters'),
      ]
      for (const [overrides, expected] of cases) {
        expect(await tryRequest(customer, args(ids, overrides)), JSON.stringify(overrides)).toEqual(expected)
      }
    })

    it('accepts every limit itself', async () => {
      const twenty: string[] = []
      for (let i = 0; i < 20; i++) twenty.push(await pkg(customer))
      expect(await tryRequest(customer, args(twenty))).toMatchObject({ ok: true, value: { package_ids: [...twenty].sort() } })
      const item = items[0]!
      const edges: Partial<RequestArgs>[] = [
        { items: Array.from({ length: 50 }, () => item) },
        { items: [{ description: ` ${'d'.repeat(200)} `, quantity: 999, unit_value_usd: 50000 }] },
        { items: [{ description: 'Gift', quantity: 1, unit_value_usd: 0 }], options: { insurance: true, repack: false, remove_invoices: true, extra_protection: true } },
        { address: { ...address, name: ` ${'n'.repeat(120)} `, address: 'a'.repeat(200), city: 'c'.repeat(80), postal_code: '1'.repeat(20) } },
        { address: { ...address, country: 'VE', phone: '(555) 123-4567', id_number: 'i'.repeat(30) } },
        { address: { name: 'N', address: 'A', city: 'C', country: 'VE', phone: '12345' } },
        { service: 'express' },
      ]
      for (const overrides of edges) {
        expect(await tryRequest(customer, args([await pkg(customer)], overrides)), JSON.stringify(overrides)).toMatchObject({ ok: true })
      }
      const big = await tryRequest(customer, args([await pkg(customer)], { items: Array.from({ length: 50 }, () => ({ description: 'x', quantity: 999, unit_value_usd: 50000 })) }))
      expect(big).toMatchObject({ ok: true, value: { declared_total_cents: 50 * 999 * 5000000 } })
    })

    it('takes only the caller’s packages at the warehouse that are in no open shipment', async () => {
      const free = await pkg(customer)
      const theirs = await pkg(other)
      const deleted = await pkg(customer, { deleted: true })
      const unknown = randomUUID()
      const elsewhere = await pkg(customer, { status: 'transito' })
      const untracked = await pkg(customer, { status: 'consolidacion', tracking: null })
      const taken = (await requested(customer)).package_ids[0]!
      const takenTracking = (await db.owner<{ t: string }>(`select tracking_code as t from public.packages where id = $1`, [taken]))[0]!.t
      const elsewhereTracking = (await db.owner<{ t: string }>(`select tracking_code as t from public.packages where id = $1`, [elsewhere]))[0]!.t
      for (const id of [theirs, deleted, unknown]) {
        expect(await tryRequest(customer, args([free, id]))).toEqual(invalid(`p_package_ids: package ${id} was not found`))
      }
      expect(await tryRequest(customer, args([free, elsewhere]))).toEqual(invalid(`p_package_ids: package ${elsewhereTracking} is not at the warehouse`))
      expect(await tryRequest(customer, args([untracked, free]))).toEqual(invalid(`p_package_ids: package ${untracked} is not at the warehouse`))
      expect(await tryRequest(customer, args([free, taken]))).toEqual(invalid(`p_package_ids: package ${takenTracking} is already in a shipment`))
      // An admin asks for nobody else's packages either.
      expect(await tryRequest(admin, args([free]))).toEqual(invalid(`p_package_ids: package ${free} was not found`))
      expect(await tryRequest(null, args([free]))).toEqual(denied(/permission denied for function request_shipment/))
    })

    it('a package of a cancelled or delivered shipment may travel again', async () => {
      const cancelled = await requested(customer)
      await cancel(customer, cancelled.id)
      const again = await request(customer, args(cancelled.package_ids))
      expect(again.package_ids).toEqual(cancelled.package_ids)
      // A delivered shipment keeps its packages, but they are no longer at the warehouse.
      const delivered = await walk(await requested(customer), 'delivered')
      expect(await tryRequest(customer, args([delivered.package_ids[0]!]))).toMatchObject(invalid(expect.stringMatching(/is not at the warehouse$/) as never))
      // Were one back at the warehouse (an admin's correction), it could go again.
      await db.owner(`update public.packages set status = 'recibido' where id = $1`, [delivered.package_ids[0]])
      expect(await tryRequest(customer, args([delivered.package_ids[0]!]))).toMatchObject({ ok: true })
    })

    it('refuses a shipment id that is taken (PT409)', async () => {
      const existing = await requested(customer)
      expect(await tryRequest(customer, args([await pkg(customer)]), randomUUID(), existing.id)).toEqual({
        ok: false,
        code: 'PT409',
        message: `shipment ${existing.id} already exists`,
      })
      expect(await tryRequest(other, args([await pkg(other)]), randomUUID(), existing.id)).toMatchObject({ ok: false, code: 'PT409' })
    })

    it('a replay returns the current shipment and records nothing, even spelt differently', async () => {
      const packageIds = [await pkg(customer), await pkg(customer)]
      const [opId, id] = [randomUUID(), randomUUID()]
      const a = args(packageIds, { options: { insurance: true } })
      const first = await request(customer, a, opId, id)
      expect(await request(customer, a, opId, id)).toEqual(first)
      const respelt = {
        ...a,
        packageIds: [...packageIds].reverse(),
        options: { insurance: true, repack: false },
        items: [{ description: ' Running shoes', quantity: 2, unit_value_usd: 50.0 }],
        address: { ...address, city: ' Caracas ' },
      }
      expect(await request(customer, respelt, opId, id)).toEqual(first)
      expect(await opCount(opId)).toBe(1)
      expect(await eventCount(id)).toBe(1)
      expect(await count(`select count(*)::int as n from public.shipment_items where shipment_id = $1`, [id])).toBe(1)
      // After a later change, the replay answers the shipment as it is now.
      const cancelled = await cancel(customer, id)
      expect(await request(customer, a, opId, id)).toEqual(cancelled)
      expect(cancelled).toMatchObject({ status: 'cancelled', version: 2, package_ids: [] })
    })

    it('refuses the op again with other arguments, another shipment id, another caller or as another kind (PT409)', async () => {
      const packageIds = [await pkg(customer)]
      const [opId, id] = [randomUUID(), randomUUID()]
      const a = args(packageIds)
      await request(customer, a, opId, id)
      const others: Partial<RequestArgs>[] = [
        { service: 'express' },
        { options: { insurance: false } },
        { items: [{ ...items[0], quantity: 3 }] },
        { address: { ...address, city: 'Valencia' } },
        { packageIds: [...packageIds, await pkg(customer)] },
      ]
      for (const overrides of others) {
        expect(await tryRequest(customer, { ...a, ...overrides }, opId, id), JSON.stringify(overrides)).toEqual(conflictOf(opId))
      }
      expect(await tryRequest(customer, a, opId, randomUUID())).toEqual(conflictOf(opId))
      expect(await tryRequest(other, a, opId, id)).toEqual(conflictOf(opId))
      expect(await tryCancel(customer, id, opId)).toEqual(conflictOf(opId))
      expect(await tryApprove(customer, id, opId)).toEqual(conflictOf(opId))
      expect(await tryAdvance(admin, id, { status: 'processing', base: 1, opId })).toEqual(conflictOf(opId))
      expect(await opCount(opId)).toBe(1)
    })

    it('records nothing when refused: the op may be sent again once the problem is gone', async () => {
      const packageId = await pkg(customer, { status: 'consolidacion' })
      const [opId, id] = [randomUUID(), randomUUID()]
      await expect(request(customer, args([packageId]), opId, id)).rejects.toMatchObject({ code: '22023' })
      expect(await opCount(opId)).toBe(0)
      await db.owner(`update public.packages set status = 'recibido' where id = $1`, [packageId])
      expect(await request(customer, args([packageId]), opId, id)).toMatchObject({ id, package_ids: [packageId] })
      expect(await opCount(opId)).toBe(1)
    })
  })

  describe('cancel_shipment', () => {
    it('the owner cancels a requested shipment: its packages are free again, its timeline says so', async () => {
      const shipment = await requested(customer)
      const opId = randomUUID()
      const cancelled = await cancel(customer, shipment.id, opId)
      expect(cancelled).toMatchObject({ id: shipment.id, status: 'cancelled', version: 2, package_ids: [] })
      expect(cancelled.events.map((event) => event.status)).toEqual(['requested', 'cancelled'])
      for (const id of shipment.package_ids) {
        expect(await packageState(id)).toMatchObject({ status: 'recibido', shipment_id: null })
        // Still at the warehouse: no status change, so nothing in its history.
        expect((await packageEvents(id)).map((event) => event.status)).toEqual(['recibido'])
      }
      // A replay answers the same and records nothing.
      expect(await cancel(customer, shipment.id, opId)).toEqual(cancelled)
      expect(await eventCount(shipment.id)).toBe(2)
    })

    it('the owner cannot cancel once the warehouse is at work', async () => {
      for (const status of ['processing', 'awaiting_approval', 'approved', 'shipped'] as const) {
        const shipment = await walk(await requested(customer), status)
        expect(await tryCancel(customer, shipment.id), status).toEqual(invalid(`a shipment that is ${status} cannot be cancelled`))
      }
    })

    it('an admin cancels up to approved: packages in consolidacion go back to recibido, with an event each', async () => {
      for (const status of ['requested', 'processing', 'awaiting_approval', 'approved'] as const) {
        const shipment = await walk(await requested(customer), status)
        const before = new Map<string, number>()
        for (const id of shipment.package_ids) before.set(id, (await packageState(id)).version)
        const opId = randomUUID()
        const cancelled = await cancel(admin, shipment.id, opId)
        expect(cancelled, status).toMatchObject({ status: 'cancelled', package_ids: [] })
        expect(cancelled.events.at(-1)!.status).toBe('cancelled')
        for (const id of shipment.package_ids) {
          // Freed and back at the warehouse in one change: one version.
          expect(await packageState(id)).toEqual({ status: 'recibido', shipment_id: null, version: before.get(id)! + 1 })
          const history = await packageEvents(id)
          if (status === 'requested') {
            expect(history.map((event) => event.status)).toEqual(['recibido'])
          } else {
            expect(history.map((event) => event.status)).toEqual(['recibido', 'consolidacion', 'recibido'])
            expect(history.at(-1)).toMatchObject({ op_id: eventOpOf(opId, id), actor: admin.sub, outcome: 'applied' })
          }
        }
      }
    })

    it('nobody cancels a shipment on its way, delivered or cancelled', async () => {
      for (const status of ['shipped', 'in_customs', 'ready', 'delivered', 'cancelled'] as const) {
        const shipment = await walk(await requested(customer), status)
        expect(await tryCancel(admin, shipment.id), status).toEqual(invalid(`a shipment that is ${status} cannot be cancelled`))
      }
    })

    it('someone else’s or an unknown shipment is not found', async () => {
      const shipment = await requested(customer)
      expect(await tryCancel(other, shipment.id)).toEqual(notFound)
      expect(await tryCancel(customer, randomUUID())).toEqual(notFound)
      expect(await tryCancel(admin, randomUUID())).toEqual(notFound)
      expect(await tryCancel(null, shipment.id)).toEqual(denied(/permission denied for function cancel_shipment/))
    })
  })

  describe('approve_shipment', () => {
    it('the owner approves the final charge of a shipment awaiting approval, once', async () => {
      const shipment = await walk(await requested(customer), 'awaiting_approval')
      const opId = randomUUID()
      const approved = await approve(customer, shipment.id, opId)
      expect(approved).toMatchObject({ status: 'approved', version: shipment.version + 1, final_cents: shipment.final_cents })
      expect(approved.events.map((event) => event.status)).toEqual(['requested', 'processing', 'awaiting_approval', 'approved'])
      for (const id of shipment.package_ids) expect(await packageState(id)).toMatchObject({ status: 'consolidacion' })
      expect(await approve(customer, shipment.id, opId)).toEqual(approved)
      expect(await tryApprove(customer, shipment.id)).toEqual(invalid('a shipment that is approved cannot be approved'))
    })

    it('refuses every other status, someone else and admins', async () => {
      for (const status of ['requested', 'shipped', 'cancelled'] as const) {
        const shipment = await walk(await requested(customer), status)
        expect(await tryApprove(customer, shipment.id), status).toEqual(invalid(`a shipment that is ${status} cannot be approved`))
      }
      // Being weighed (again): no charge yet, so not the one the customer would approve.
      const weighing = await walk(await requested(customer), 'processing')
      expect(await tryApprove(customer, weighing.id)).toEqual(invalid('the final charge is now <NULL> cents, not <NULL>'))
      const waiting = await walk(await requested(customer), 'awaiting_approval')
      expect(await tryApprove(other, waiting.id)).toEqual(notFound)
      expect(await tryApprove(customer, randomUUID())).toEqual(notFound)
      expect(await tryApprove(admin, waiting.id)).toEqual(denied('permission denied: only the customer approves their shipment'))
      expect(await tryAdvance(admin, waiting.id, { status: 'approved', base: waiting.version })).toEqual(invalid('a shipment that is awaiting_approval cannot become approved'))
    })
  })

  describe('advance_shipment', () => {
    it('walks every step: the packages follow with their history, the box prices the final charge, the dispatch is kept', async () => {
      const a = await pkg(customer, { weight: 2.35, volume: 0.012 })
      const b = await pkg(customer, { weight: 1.1, volume: 0.008 })
      let shipment = await request(customer, args([a, b], { service: 'express', options: { insurance: true } }))
      const expected: [string, string | null][] = [['recibido', null]]
      const packageStatus = { processing: 'consolidacion', shipped: 'transito', in_customs: 'aduana', ready: 'disponible', delivered: 'entregado' } as Record<string, string>
      let minutesAgo = 60
      for (const status of path.slice(1)) {
        if (status === 'approved') {
          shipment = await approve(customer, shipment.id)
          continue
        }
        if (status === 'shipped') await db.owner(payOwedSql, [customer.sub])
        const opId = randomUUID()
        const changedAt = new Date(Date.now() - minutesAgo-- * 60_000).toISOString()
        const details = status === 'awaiting_approval' ? box : status === 'shipped' ? { carrier: '  DHL Express ', tracking: 'JD0146000012345' } : null
        const result = await advance(shipment.id, { status, base: shipment.version, changedAt, details, opId })
        expect(result.outcome, status).toBe('applied')
        expect(result.shipment).toMatchObject({ status, version: shipment.version + 1 })
        expect(new Date(result.shipment.events.at(-1)!.changed_at).toISOString()).toBe(changedAt)
        shipment = result.shipment
        if (packageStatus[status]) expected.push([packageStatus[status], opId])
        for (const id of [a, b]) {
          expect(await packageState(id)).toMatchObject({ status: expected.at(-1)![0], shipment_id: shipment.id })
          const history = await packageEvents(id)
          expect(history.map((event) => event.status)).toEqual(expected.map(([s]) => s))
          const last = history.at(-1)!
          if (packageStatus[status]) {
            expect(last).toMatchObject({ op_id: eventOpOf(opId, id), actor: admin.sub, outcome: 'applied' })
            expect(last.changed_at.toISOString()).toBe(changedAt)
          }
        }
        // Each package's pull row shows the history too.
        const pulled = (await db.as(customer)<{ result: { packages: { id: string; events: { status: string }[] }[] } }>(`select public.pull_packages(null, 1000) as result`))[0]!.result
        expect(pulled.packages.find((row) => row.id === a)!.events.map((event) => event.status)).toEqual(expected.map(([s]) => s))
      }
      expect(shipment.events.map((event) => event.status)).toEqual(path)
      // The box: 3.5 kg × 2.20462 = 7.71617 lb; 40 × 30 × 20 cm / 5000 × 2.20462 = 10.582176 lb → 11 lb
      // × 499 ¢ = 5489 ¢; express 1500 ¢; insurance 200 ¢; consolidation 500 ¢ (basic, 2 packages).
      const final = { billable_lb: 11, cents_per_lb: 499, freight_cents: 5489, express_cents: 1500, insurance_cents: 200, consolidation_cents: 500, total_cents: 7689 }
      expect(shipment).toMatchObject({
        status: 'delivered',
        weight_kg: 3.5,
        length_cm: 40,
        width_cm: 30,
        height_cm: 20,
        final_cents: 7689,
        final,
        estimate_cents: 6691,
        carrier: 'DHL Express',
        outbound_tracking: 'JD0146000012345',
        package_ids: [a, b].sort(),
      })
    })

    it('a stale base version is superseded: nothing changes, the op is recorded and a replay answers the same', async () => {
      const shipment = await requested(customer)
      const opId = randomUUID()
      const stale = await advance(shipment.id, { status: 'processing', base: shipment.version + 1, opId })
      expect(stale).toEqual({ outcome: 'superseded', shipment })
      expect(await opCount(opId)).toBe(1)
      expect(await eventCount(shipment.id)).toBe(1)
      for (const id of shipment.package_ids) expect(await packageState(id)).toMatchObject({ status: 'recibido' })
      // Even though that version now exists, the op's answer stays.
      const moved = (await advance(shipment.id, { status: 'processing', base: shipment.version })).shipment
      expect(moved.version).toBe(shipment.version + 1)
      expect(await advance(shipment.id, { status: 'processing', base: shipment.version + 1, opId })).toEqual({ outcome: 'superseded', shipment: moved })
      // An old version is superseded whatever the step, even one that is not allowed.
      expect(await tryAdvance(admin, moved.id, { status: 'delivered', base: shipment.version })).toMatchObject({ ok: true, value: { outcome: 'superseded' } })
    })

    it('an applied op replayed answers applied with the shipment as it is now, and records nothing', async () => {
      const shipment = await requested(customer)
      const opId = randomUUID()
      const changedAt = new Date(Date.now() - 60_000).toISOString()
      const first = await advance(shipment.id, { status: 'processing', base: shipment.version, changedAt, opId })
      expect(first.outcome).toBe('applied')
      expect(await advance(shipment.id, { status: 'processing', base: shipment.version, changedAt, opId })).toEqual(first)
      const later = (await advance(shipment.id, { status: 'awaiting_approval', base: first.shipment.version, details: box })).shipment
      expect(await advance(shipment.id, { status: 'processing', base: shipment.version, changedAt, opId })).toEqual({ outcome: 'applied', shipment: later })
      expect(await eventCount(shipment.id)).toBe(3)
      for (const id of shipment.package_ids) expect(await packageEvents(id)).toHaveLength(2)
      // The same op with other arguments is another change.
      for (const step of [
        { status: 'cancelled', base: shipment.version, changedAt },
        { status: 'processing', base: shipment.version + 1, changedAt },
        { status: 'processing', base: shipment.version, changedAt: new Date(Date.parse(changedAt) + 1).toISOString() },
        { status: 'processing', base: shipment.version, changedAt, details: { note: 1 } },
      ]) {
        expect(await tryAdvance(admin, shipment.id, { ...step, opId }), JSON.stringify(step)).toEqual(conflictOf(opId))
      }
      expect(await tryAdvance(admin, (await requested(customer)).id, { status: 'processing', base: 1, changedAt, opId })).toEqual(conflictOf(opId))
    })

    it('allows only the next step: skipping ahead, going back or staying put is refused', async () => {
      const refusals: [Status, string[]][] = [
        ['requested', ['requested', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered']],
        ['processing', ['requested', 'processing', 'approved', 'shipped', 'delivered']],
        ['awaiting_approval', ['awaiting_approval', 'approved', 'shipped']],
        ['approved', ['awaiting_approval', 'approved', 'in_customs', 'delivered']],
        ['shipped', ['approved', 'shipped', 'ready', 'cancelled']],
        ['in_customs', ['shipped', 'in_customs', 'delivered', 'cancelled']],
        ['ready', ['in_customs', 'ready', 'cancelled']],
        ['delivered', ['ready', 'delivered', 'cancelled', 'requested']],
        ['cancelled', ['requested', 'processing', 'cancelled']],
      ]
      for (const [from, targets] of refusals) {
        const shipment = await walk(await requested(customer), from)
        for (const to of targets) {
          const details = to === 'awaiting_approval' ? box : to === 'shipped' ? dispatch : null
          expect(await tryAdvance(admin, shipment.id, { status: to, base: shipment.version, details }), `${from} → ${to}`).toEqual(
            invalid(`a shipment that is ${from} cannot become ${to}`),
          )
        }
      }
    })

    it('cancelling through advance frees the packages as cancel_shipment does', async () => {
      const shipment = await walk(await requested(customer), 'awaiting_approval')
      const opId = randomUUID()
      const result = await advance(shipment.id, { status: 'cancelled', base: shipment.version, opId })
      expect(result).toMatchObject({ outcome: 'applied', shipment: { status: 'cancelled', package_ids: [] } })
      for (const id of shipment.package_ids) {
        expect(await packageState(id)).toMatchObject({ status: 'recibido', shipment_id: null })
        expect((await packageEvents(id)).at(-1)).toMatchObject({ status: 'recibido', op_id: eventOpOf(opId, id) })
      }
    })

    it('validates the box against the rates’ limits and computes the final charge from it', async () => {
      const processing = await walk(await requested(customer), 'processing')
      const step = (details: unknown) => tryAdvance(admin, processing.id, { status: 'awaiting_approval', base: processing.version, details })
      const weight = invalid('p_details.weight_kg must be more than 0 and at most 32 kg, with at most 2 decimals')
      const side = (name: string) => invalid(`p_details.${name} must be more than 0 cm, with at most 1 decimal`)
      const linear = invalid('p_details: length_cm + width_cm + height_cm must be at most 274.32 cm (108 in)')
      const cases: [unknown, unknown][] = [
        [null, weight],
        [{}, weight],
        [{ ...box, weight_kg: 0 }, weight],
        [{ ...box, weight_kg: 32.01 }, weight],
        [{ ...box, weight_kg: 1.005 }, weight],
        [{ ...box, weight_kg: '3.5' }, weight],
        [{ ...box, length_cm: 0 }, side('length_cm')],
        [{ ...box, length_cm: undefined }, side('length_cm')],
        [{ ...box, width_cm: -1 }, side('width_cm')],
        [{ ...box, height_cm: 10.05 }, side('height_cm')],
        [{ ...box, length_cm: 100, width_cm: 100, height_cm: 74.4 }, linear],
        [{ ...box, carrier: 'DHL' }, invalid('p_details.carrier is not a detail of the box (weight_kg, length_cm, width_cm, height_cm)')],
        ['heavy', invalid('p_details must be a JSON object')],
      ]
      for (const [details, expected] of cases) {
        expect(await step(details), JSON.stringify(details)).toEqual(expected)
      }
      const edge = await step({ weight_kg: 32, length_cm: 100, width_cm: 100, height_cm: 74.3 })
      // 32 kg × 2.20462 = 70.54784 lb; 100 × 100 × 74.3 / 5000 × 2.20462 = 327.606532 lb → 328 lb.
      expect(edge).toMatchObject({ ok: true, value: { shipment: { final: { billable_lb: 328, freight_cents: 328 * 499 }, weight_kg: 32, height_cm: 74.3 } } })
    })

    it('the limits follow the rates', async () => {
      const processing = await walk(await requested(customer), 'processing')
      const outcome = await db.attempt(admin, async (query) => {
        await query(`select public.set_rates('{"max_weight_kg": 20}')`)
        const refused = await query(`select public.advance_shipment(gen_random_uuid(), $1, 'awaiting_approval', $2, null, $3::jsonb)`, [
          processing.id,
          processing.version,
          json({ ...box, weight_kg: 20.5 }),
        ]).catch((error: Error) => error.message)
        return refused
      })
      expect(outcome).toEqual({ ok: true, value: 'p_details.weight_kg must be more than 0 and at most 20 kg, with at most 2 decimals' })
      const linear = await db.attempt(admin, async (query) => {
        await query(`select public.set_rates('{"max_linear_in": 30}')`)
        return query(`select public.advance_shipment(gen_random_uuid(), $1, 'awaiting_approval', $2, null, $3::jsonb)`, [processing.id, processing.version, json(box)])
      })
      expect(linear).toEqual(invalid('p_details: length_cm + width_cm + height_cm must be at most 76.2 cm (30 in)'))
      const priced = await db.attempt(admin, async (query) => {
        await query(`select public.set_rates('{"volumetric_cm3_per_kg": 6000}')`)
        const [row] = await query<{ r: Advanced }>(`select public.advance_shipment(gen_random_uuid(), $1, 'awaiting_approval', $2, null, $3::jsonb) as r`, [
          processing.id,
          processing.version,
          json(box),
        ])
        return row!.r.shipment.final
      })
      // 24000 / 6000 × 2.20462 = 8.81848 lb beats 7.71617 lb → 9 lb.
      expect(priced).toMatchObject({ ok: true, value: { billable_lb: 9 } })
    })

    it('validates the dispatch: carrier and tracking', async () => {
      const approved = await walk(await requested(customer), 'approved')
      await db.owner(payOwedSql, [customer.sub])
      const step = (details: unknown) => tryAdvance(admin, approved.id, { status: 'shipped', base: approved.version, details })
      const carrier = invalid('p_details.carrier must be 1 to 60 characters')
      const tracking = invalid('p_details.tracking must be 4 to 60 characters: letters A-Z, digits 0-9 and -')
      const cases: [unknown, unknown][] = [
        [null, carrier],
        [{ tracking: 'ABCD' }, carrier],
        [{ ...dispatch, carrier: '  ' }, carrier],
        [{ ...dispatch, carrier: 'c'.repeat(61) }, carrier],
        [{ ...dispatch, carrier: 7 }, carrier],
        [{ carrier: 'DHL' }, tracking],
        [{ ...dispatch, tracking: 'ABC' }, tracking],
        [{ ...dispatch, tracking: 'A'.repeat(61) }, tracking],
        [{ ...dispatch, tracking: 'JD 0146' }, tracking],
        [{ ...dispatch, tracking: 'JD_0146' }, tracking],
        [{ ...dispatch, tracking: 12345 }, tracking],
        [{ ...dispatch, weight_kg: 3 }, invalid('p_details.weight_kg is not a detail of the dispatch (carrier, tracking)')],
      ]
      for (const [details, expected] of cases) {
        expect(await step(details), JSON.stringify(details)).toEqual(expected)
      }
      for (const details of [
        { carrier: 'c'.repeat(60), tracking: 'A'.repeat(60) },
        { carrier: 'U', tracking: 'ab-1' },
      ]) {
        expect(await step(details), JSON.stringify(details)).toMatchObject({ ok: true, value: { outcome: 'applied' } })
      }
    })

    it('a step with nothing to say takes no details', async () => {
      const shipment = await requested(customer)
      expect(await tryAdvance(admin, shipment.id, { status: 'processing', base: shipment.version, details: { weight_kg: 1 } })).toEqual(
        invalid('p_details must be empty when a shipment goes from requested to processing'),
      )
      expect(await tryAdvance(admin, shipment.id, { status: 'processing', base: shipment.version, details: {} })).toMatchObject({ ok: true })
    })

    it('refuses a time more than 5 minutes ahead of the server’s clock, an unknown status, customers and unknown shipments', async () => {
      const shipment = await requested(customer)
      const ahead = new Date(Date.now() + 10 * 60_000).toISOString()
      expect(await tryAdvance(admin, shipment.id, { status: 'processing', base: shipment.version, changedAt: ahead })).toMatchObject(
        invalid(expect.stringMatching(/^changed_at .+ is more than 5 minutes ahead of the server's clock \(.+\): check the device's date and time$/) as never),
      )
      const soon = new Date(Date.now() + 60_000).toISOString()
      expect(await tryAdvance(admin, shipment.id, { status: 'processing', base: shipment.version, changedAt: soon })).toMatchObject({ ok: true })
      expect(await tryAdvance(admin, shipment.id, { status: 'lost', base: shipment.version })).toEqual(
        invalid('p_status must be one of requested, processing, awaiting_approval, approved, shipped, in_customs, ready, delivered, cancelled'),
      )
      expect(await tryAdvance(customer, shipment.id, { status: 'processing', base: shipment.version })).toEqual(denied('permission denied: only staff can advance a shipment'))
      expect(await tryAdvance(null, shipment.id, { status: 'processing', base: shipment.version })).toEqual(denied(/permission denied for function advance_shipment/))
      expect(await tryAdvance(admin, randomUUID(), { status: 'processing', base: 1 })).toEqual(notFound)
    })

    it('leaves alone a package already in the status it would take', async () => {
      const shipment = await requested(customer)
      const [moved] = shipment.package_ids
      // Moved on its own before packages_hold_in_open_shipment (20261201130000) refused it.
      await db.owner(`alter table public.packages disable trigger packages_hold_in_open_shipment`)
      await db.as(admin)(`select public.apply_package_status(gen_random_uuid(), $1, 'consolidacion', null, $2)`, [moved, (await packageState(moved!)).version])
      await db.owner(`alter table public.packages enable trigger packages_hold_in_open_shipment`)
      await advance(shipment.id, { status: 'processing', base: shipment.version })
      expect((await packageEvents(moved!)).map((event) => event.status)).toEqual(['recibido', 'consolidacion'])
    })
  })

  describe('pull_shipments', () => {
    it('pages through a customer’s shipments in checkpoint order, in the RPCs’ shape, then hears later changes', async () => {
      const puller = await createApiUser(db)
      owners.set(puller.sub, puller)
      const created: Shipment[] = []
      for (let i = 0; i < 5; i++) created.push(await requested(puller))

      const pages: Pull[] = []
      let since: string | null = null
      do {
        const page: Pull = await pull(puller, since, 2)
        pages.push(page)
        since = page.checkpoint
      } while (pages.at(-1)!.has_more)
      expect(pages.map((page) => [page.shipments.length, page.has_more])).toEqual([
        [2, true],
        [2, true],
        [1, false],
      ])
      const pulled = pages.flatMap((page) => page.shipments)
      expect(pulled).toEqual(created)
      for (const page of pages) expect(page.checkpoint).toMatch(/^\d+:[0-9a-f-]{36}$/)

      expect(await pull(puller, since)).toEqual({ shipments: [], checkpoint: since, has_more: false })
      const moved = await walk(created[1]!, 'awaiting_approval')
      const next = await pull(puller, since)
      expect(next).toMatchObject({ shipments: [moved], has_more: false })
      expect(next.checkpoint).not.toBe(since)
      // The admin's pull holds the same row.
      const all = await pull(admin, null)
      expect(all.shipments.find((row) => row.id === moved.id)).toEqual(moved)
      expect(all.shipments.some((row) => row.user_id === customer.sub)).toBe(true)
    })

    it('bounds the page size: at least 1, 500 when not given; nothing for a customer with none', async () => {
      const puller = await createApiUser(db)
      await requested(puller)
      await requested(puller)
      expect(await pull(puller, null, 0)).toMatchObject({ shipments: [expect.anything()], has_more: true })
      expect(await pull(puller, null, null)).toMatchObject({ shipments: [expect.anything(), expect.anything()], has_more: false })
      expect(await pull(puller, '', null)).toMatchObject({ has_more: false })
      const empty = await createApiUser(db)
      expect(await pull(empty, null)).toEqual({ shipments: [], checkpoint: null, has_more: false })
    })
  })
})

describe('PostgreSQL 15, overlapping transactions', () => {
  let cluster: Cluster
  const clients: pg.Client[] = []
  let owner: pg.Client
  let admin: User
  let customer: User
  let setupError: unknown

  const connect = async () => {
    const client = await cluster.connect()
    clients.push(client)
    return client
  }

  type Result<R> = { result: R }
  const settle = async <R,>(pending: Promise<pg.QueryResult<Result<R>>>) =>
    pending.then(
      (result) => ({ ok: true as const, value: result.rows[0]!.result }),
      (error: { code?: string; message?: string }) => ({ ok: false as const, code: error.code, message: error.message }),
    )
  const pkg = async () =>
    (
      await owner.query<{ id: string; tracking_code: string }>(
        `insert into public.packages (user_id, tracking_code, weight_kg, volume_m3) values ($1, $2, 1.5, 0.01) returning id, tracking_code`,
        [customer.sub, freshTracking()],
      )
    ).rows[0]!
  const requestParamsFor = (opId: string, shipmentId: string, packageIds: string[]) => [
    opId,
    shipmentId,
    uuidArray(packageIds),
    'standard',
    json({ insurance: true }),
    json(items),
    json(address),
  ]
  const request = async (packageIds: string[]) =>
    (await queryAs<Result<Shipment>>(owner, customer, requestSql, requestParamsFor(randomUUID(), randomUUID(), packageIds)))[0]!.result
  const advance = async (shipment: Shipment, status: string, details: unknown = null) =>
    (await queryAs<Result<Advanced>>(owner, admin, advanceSql, [randomUUID(), shipment.id, status, shipment.version, null, json(details)]))[0]!.result.shipment
  const stored = async (id: string) =>
    (await owner.query<{ status: string; version: number }>(`select status, version::int from public.shipments where id = $1`, [id])).rows[0]

  beforeAll(async () => {
    try {
      cluster = await startCluster()
      owner = await connect()
      const user = async (asAdmin: boolean) => {
        const id = randomUUID()
        await owner.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`, [id, `${id}@example.test`])
        if (asAdmin) await owner.query(`update public.profiles set role = 'admin' where id = $1`, [id])
        return { sub: id, role: 'authenticated' as const }
      }
      admin = await user(true)
      customer = await user(false)
    } catch (error) {
      setupError = error
    }
  }, 60_000)

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => {})))
    await cluster?.stop()
  })

  it('two devices asking for the same package at once: the second waits on the package, then is refused', async () => {
    if (setupError) throw setupError
    const shared = await pkg()
    const [mineOnly, theirsOnly] = [await pkg(), await pkg()]
    const [phone, laptop] = [await connect(), await connect()]
    const [first, second] = [randomUUID(), randomUUID()]
    await beginAs(phone, customer)
    const won = (await phone.query<Result<Shipment>>(requestSql, requestParamsFor(randomUUID(), first, [shared.id, mineOnly.id]))).rows[0]!.result
    await beginAs(laptop, customer)
    const racing = settle<Shipment>(laptop.query(requestSql, requestParamsFor(randomUUID(), second, [theirsOnly.id, shared.id])))
    await waitUntilBlocked(owner, laptop, 'the shared package')
    await phone.query('commit')
    expect(await racing).toEqual({ ok: false, code: '22023', message: `p_package_ids: package ${shared.tracking_code} is already in a shipment` })
    await laptop.query('rollback')
    expect(won.package_ids).toEqual([shared.id, mineOnly.id].sort())
    expect(await stored(second)).toBeUndefined()
    const { rows } = await owner.query<{ id: string; shipment_id: string | null }>(`select id, shipment_id from public.packages where id = any($1::uuid[]) order by id`, [
      uuidArray([shared.id, mineOnly.id, theirsOnly.id]),
    ])
    expect(Object.fromEntries(rows.map((row) => [row.id, row.shipment_id]))).toEqual({ [shared.id]: first, [mineOnly.id]: first, [theirsOnly.id]: null })
  })

  it('a request racing its replay: the replay waits on the op, then returns the same shipment; recorded once', async () => {
    if (setupError) throw setupError
    const packageIds = [(await pkg()).id, (await pkg()).id]
    const params = requestParamsFor(randomUUID(), randomUUID(), packageIds)
    const [first, second] = [await connect(), await connect()]
    await beginAs(first, customer)
    const original = (await first.query<Result<Shipment>>(requestSql, params)).rows[0]!.result
    await beginAs(second, customer)
    const replay = second.query<Result<Shipment>>(requestSql, params)
    await waitUntilBlocked(owner, second, "the first request's uncommitted op")
    await first.query('commit')
    const replayed = (await replay).rows[0]!.result
    await second.query('commit')
    expect(replayed).toEqual(original)
    const counts = await owner.query<{ ops: number; shipments: number; events: number }>(
      `select (select count(*)::int from public.shipment_ops where op_id = $1) as ops,
              (select count(*)::int from public.shipments where id = $2) as shipments,
              (select count(*)::int from public.shipment_events where shipment_id = $2) as events`,
      [params[0], params[1]],
    )
    expect(counts.rows[0]).toEqual({ ops: 1, shipments: 1, events: 1 })
  })

  it('an advance racing its replay: recorded once, each package moved once', async () => {
    if (setupError) throw setupError
    const shipment = await request([(await pkg()).id, (await pkg()).id])
    const params = [randomUUID(), shipment.id, 'processing', shipment.version, null, null]
    const [first, second] = [await connect(), await connect()]
    await beginAs(first, admin)
    const original = (await first.query<Result<Advanced>>(advanceSql, params)).rows[0]!.result
    await beginAs(second, admin)
    const replay = second.query<Result<Advanced>>(advanceSql, params)
    await waitUntilBlocked(owner, second, "the first advance's uncommitted op")
    await first.query('commit')
    const replayed = (await replay).rows[0]!.result
    await second.query('commit')
    expect(replayed).toEqual(original)
    expect(original.outcome).toBe('applied')
    const { rows } = await owner.query<{ n: number }>(`select count(*)::int as n from public.package_events where package_id = any($1::uuid[]) and status = 'consolidacion'`, [
      uuidArray(shipment.package_ids),
    ])
    expect(rows[0]!.n).toBe(2)
  })

  it('an approve waiting on an admin’s cancel is refused; an admin’s cancel waiting on an approve cancels the approved shipment', async () => {
    if (setupError) throw setupError
    const ready = async () => {
      const processing = await advance(await request([(await pkg()).id]), 'processing')
      return advance(processing, 'awaiting_approval', box)
    }
    const [desk, phone] = [await connect(), await connect()]

    const cancelledFirst = await ready()
    await beginAs(desk, admin)
    await desk.query(cancelSql, [randomUUID(), cancelledFirst.id])
    await beginAs(phone, customer)
    const lateApproval = settle<Shipment>(phone.query(approveSql, [randomUUID(), cancelledFirst.id]))
    await waitUntilBlocked(owner, phone, "the shipment's row lock")
    await desk.query('commit')
    expect(await lateApproval).toEqual({ ok: false, code: '22023', message: 'a shipment that is cancelled cannot be approved' })
    await phone.query('rollback')
    expect(await stored(cancelledFirst.id)).toEqual({ status: 'cancelled', version: cancelledFirst.version + 1 })

    const approvedFirst = await ready()
    await beginAs(phone, customer)
    await phone.query(approveSql, [randomUUID(), approvedFirst.id])
    await beginAs(desk, admin)
    const lateCancel = settle<Shipment>(desk.query(cancelSql, [randomUUID(), approvedFirst.id]))
    await waitUntilBlocked(owner, desk, "the shipment's row lock")
    await phone.query('commit')
    const cancelled = await lateCancel
    await desk.query('commit')
    expect(cancelled).toMatchObject({ ok: true, value: { status: 'cancelled', package_ids: [] } })
    expect((cancelled as { value: Shipment }).value.events.map((event) => event.status)).toEqual([
      'requested',
      'processing',
      'awaiting_approval',
      'approved',
      'cancelled',
    ])
  })

  it('pull_shipments holds its checkpoint before a request still open, then delivers it', async () => {
    if (setupError) throw setupError
    const puller = await connect()
    const pull = async (since: string | null) => (await queryAs<Result<Pull>>(puller, customer, 'select public.pull_shipments($1, 100) as result', [since]))[0]!.result
    const start = (await pull(null)).checkpoint
    const slow = await connect()
    await beginAs(slow, customer)
    const late = (await slow.query<Result<Shipment>>(requestSql, requestParamsFor(randomUUID(), randomUUID(), [(await pkg()).id]))).rows[0]!.result
    const early = await request([(await pkg()).id])

    const before = await pull(start)
    expect(before).toEqual({ shipments: [], checkpoint: start, has_more: false })
    await slow.query('commit')
    const after = await pull(before.checkpoint)
    expect(after.shipments.map((row) => row.id)).toEqual([late.id, early.id])
  })
})
