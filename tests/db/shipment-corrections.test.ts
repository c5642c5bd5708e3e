import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { payOwedSql } from '../support/pay-owed.ts'

// Shipments a warehouse can correct (20261201130000_correctable_shipments), on PGlite and
// PostgreSQL 15: packages in an open shipment keep to it, deleted packages are left out of charges
// and steps, a box is weighed again with a reason, and a requested shipment changes its packages.

type User = JwtClaims & { sub: string }

interface ShipmentEvent {
  status: string
  final_cents: number | null
  reason: string | null
}

interface Shipment {
  id: string
  status: string
  version: number
  created_at: string
  estimate_cents: number
  estimate: { total_cents: number; consolidation_cents: number; billable_lb: number }
  final_cents: number | null
  final: { consolidation_cents: number } | null
  weight_kg: number | null
  events: ShipmentEvent[]
  package_ids: string[]
}

interface Advanced {
  outcome: 'applied' | 'superseded'
  shipment: Shipment
}

const address = { name: 'Cliente Demo', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: '' }
const items = [{ description: 'Running shoes', quantity: 2, unit_value_usd: 50 }]
const box = { weight_kg: 3.5, length_cm: 40, width_cm: 30, height_cm: 20 }
const heavierBox = { weight_kg: 9, length_cm: 40, width_cm: 30, height_cm: 20 }

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`
const invalid = (message: string | RegExp) => ({ ok: false, code: '22023', message: typeof message === 'string' ? message : expect.stringMatching(message) })
const open = ['requested', 'processing', 'awaiting_approval', 'approved'] as const

describe.each(engines)('$engine', ({ open: openEngine }) => {
  let db: Engine
  let admin: User
  let customer: User
  let other: User

  const pkg = async (user: User, f: { weight?: number; status?: string } = {}) =>
    (
      await db.owner<{ id: string }>(
        `insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3) values ($1, $2, $3, $4, 0.001) returning id`,
        [user.sub, `FIX-${randomUUID().slice(0, 8).toUpperCase()}`, f.status ?? 'recibido', f.weight ?? 1.5],
      )
    )[0]!.id
  const trackingOf = async (id: string) => (await db.owner<{ tracking_code: string }>(`select tracking_code from public.packages where id = $1`, [id]))[0]!.tracking_code
  const packageState = async (id: string) =>
    (await db.owner<{ status: string; shipment_id: string | null; deleted_at: Date | null }>(`select status, shipment_id, deleted_at from public.packages where id = $1`, [id]))[0]!

  const request = async (packageIds: string[], user: User = customer) =>
    (
      await db.as(user)<{ result: Shipment }>(`select public.request_shipment($1, $2, $3::uuid[], 'standard', $4::jsonb, $5::jsonb, $6::jsonb) as result`, [
        randomUUID(),
        randomUUID(),
        uuidArray(packageIds),
        JSON.stringify({ insurance: false }),
        JSON.stringify(items),
        JSON.stringify(address),
      ])
    )[0]!.result
  const advanceSql = `select public.advance_shipment($1, $2, $3, $4, null, $5::jsonb) as result`
  const advance = async (s: Shipment, status: string, details: unknown = null, opId = randomUUID()) =>
    (await db.as(admin)<{ result: Advanced }>(advanceSql, [opId, s.id, status, s.version, details === null ? null : JSON.stringify(details)]))[0]!.result
  const tryAdvance = (s: Shipment, status: string, details: unknown) =>
    db.attempt(admin, async (query) => (await query<{ result: Advanced }>(advanceSql, [randomUUID(), s.id, status, s.version, JSON.stringify(details)]))[0]!.result)
  const approve = async (s: Shipment) =>
    (await db.as(customer)<{ result: Shipment }>(`select public.approve_shipment($1, $2, $3) as result`, [randomUUID(), s.id, s.final_cents]))[0]!.result
  /** A shipment of these packages walked to `status` (one of the open ones). */
  const shipmentAt = async (status: (typeof open)[number], packageIds: string[]) => {
    let shipment = await request(packageIds)
    if (status === 'requested') return shipment
    shipment = (await advance(shipment, 'processing')).shipment
    if (status === 'processing') return shipment
    shipment = (await advance(shipment, 'awaiting_approval', box)).shipment
    if (status === 'awaiting_approval') return shipment
    return approve(shipment)
  }

  const setSql = `select public.set_shipment_packages($1, $2, $3::uuid[]) as result`
  const setPackages = async (s: Shipment, ids: string[], opId = randomUUID(), user: User = customer) =>
    (await db.as(user)<{ result: Shipment }>(setSql, [opId, s.id, uuidArray(ids)]))[0]!.result
  const trySetPackages = (s: Shipment, ids: string[], user: User = customer) =>
    db.attempt(user, async (query) => (await query<{ result: Shipment }>(setSql, [randomUUID(), s.id, uuidArray(ids)]))[0]!.result)

  const heldMessage = async (packageId: string, s: Shipment, status: string) =>
    `package ${await trackingOf(packageId)} is in shipment ${s.id} of ${new Date(s.created_at).toISOString().replace(/\.\d{3}Z$/, 'Z')}, which is ${status}: it changes with the shipment`

  beforeAll(async () => {
    db = await openEngine()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    other = await createApiUser(db)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  describe('a package in an open shipment keeps to it', () => {
    it.each(open)('in a %s shipment: no status change of its own, one by one or batched, and no deletion, each refusal naming the shipment', async (status) => {
      const [held, mate] = [await pkg(customer), await pkg(customer)]
      const shipment = await shipmentAt(status, [held, mate])
      const before = await packageState(held)
      const version = (await db.owner<{ version: number }>(`select version::int from public.packages where id = $1`, [held]))[0]!.version
      const expected = invalid(await heldMessage(held, shipment, status))

      const single = await db.attempt(admin, (query) =>
        query(`select public.apply_package_status($1, $2, 'transito', now(), $3)`, [randomUUID(), held, version]),
      )
      expect(single).toEqual(expected)

      const batched = await db.as(admin)<{ result: { error?: { code: string; message: string } }[] }>(
        `select public.apply_package_statuses($1::jsonb) as result`,
        [JSON.stringify([{ op_id: randomUUID(), package_id: held, status: 'disponible', changed_at: new Date().toISOString(), base_version: version }])],
      )
      expect(batched[0]!.result[0]!.error).toMatchObject({ code: expected.code, message: expected.message, hint: 'package_in_open_shipment' })

      const deletion = await db.attempt(admin, (query) => query(`update public.packages set deleted_at = now() where id = $1`, [held]))
      expect(deletion).toEqual(expected)
      const deletionByOwner = await db.attempt('owner', (query) => query(`update public.packages set deleted_at = now() where id = $1`, [held]))
      expect(deletionByOwner).toEqual(expected)

      expect(await packageState(held)).toEqual(before)
    })

    it('the shipment’s own steps still move its packages, and once it travels or is cancelled the guard lets go', async () => {
      const [first, second] = [await pkg(customer), await pkg(customer)]
      const approved = await shipmentAt('approved', [first, second])
      expect((await packageState(first)).status).toBe('consolidacion')
      await db.owner(payOwedSql, [customer.sub])
      await advance(approved, 'shipped', { carrier: 'DHL', tracking: 'JD0146000012345' })
      expect((await packageState(first)).status).toBe('transito')
      await db.as(admin)(`update public.packages set deleted_at = now() where id = $1`, [second])
      expect((await packageState(second)).deleted_at).not.toBeNull()

      const freed = await pkg(customer)
      const cancelled = await shipmentAt('processing', [freed, await pkg(customer)])
      await db.as(admin)(`select public.cancel_shipment($1, $2)`, [randomUUID(), cancelled.id])
      expect(await packageState(freed)).toMatchObject({ status: 'recibido', shipment_id: null })
      await db.as(admin)(`update public.packages set deleted_at = now() where id = $1`, [freed])
      expect((await packageState(freed)).deleted_at).not.toBeNull()
    })
  })

  describe('deleted packages', () => {
    /** A package deleted while its shipment travels (or before the guard existed): as the owner, around the guard. */
    const deleteAroundGuard = async (id: string) => {
      await db.owner(`alter table public.packages disable trigger packages_hold_in_open_shipment`)
      await db.owner(`update public.packages set deleted_at = now() where id = $1`, [id])
      await db.owner(`alter table public.packages enable trigger packages_hold_in_open_shipment`)
    }

    it('are not counted in the final charge, not listed in the shipment and not moved by its steps', async () => {
      const [kept, deleted] = [await pkg(customer), await pkg(customer)]
      const processing = await shipmentAt('processing', [kept, deleted])
      await deleteAroundGuard(deleted)
      const weighed = (await advance(processing, 'awaiting_approval', box)).shipment
      expect(weighed.final!.consolidation_cents).toBe(0)
      expect(weighed.package_ids).toEqual([kept])
      const approved = await approve(weighed)
      await db.owner(payOwedSql, [customer.sub])
      const shipped = (await advance(approved, 'shipped', { carrier: 'DHL', tracking: 'JD0146000012345' })).shipment
      expect(shipped.package_ids).toEqual([kept])
      expect((await packageState(kept)).status).toBe('transito')
      expect((await packageState(deleted)).status).toBe('consolidacion')
    })
  })

  describe('weighing a box again', () => {
    it('goes back to processing with the reason, clears the charge, keeps both charges in the timeline; the customer approves the new one', async () => {
      const weighed = await shipmentAt('awaiting_approval', [await pkg(customer), await pkg(customer)])
      const firstCharge = weighed.final_cents!
      const opId = randomUUID()
      const back = await advance(weighed, 'processing', { reason: '  The scale was off by 5 kg  ' }, opId)
      expect(back.outcome).toBe('applied')
      expect(back.shipment).toMatchObject({ status: 'processing', final_cents: null, final: null, weight_kg: null })
      expect((await advance(weighed, 'processing', { reason: '  The scale was off by 5 kg  ' }, opId)).shipment.version).toBe(back.shipment.version)

      const again = (await advance(back.shipment, 'awaiting_approval', heavierBox)).shipment
      expect(again.final_cents).toBeGreaterThan(firstCharge)
      expect(again.events.map(({ status, final_cents, reason }) => ({ status, final_cents, reason }))).toEqual([
        { status: 'requested', final_cents: null, reason: null },
        { status: 'processing', final_cents: null, reason: null },
        { status: 'awaiting_approval', final_cents: firstCharge, reason: null },
        { status: 'processing', final_cents: null, reason: 'The scale was off by 5 kg' },
        { status: 'awaiting_approval', final_cents: again.final_cents, reason: null },
      ])
      const pulled = (await db.as(customer)<{ result: { shipments: Shipment[] } }>(`select public.pull_shipments(null, 1000) as result`))[0]!.result
      expect(pulled.shipments.find((s) => s.id === again.id)!.events).toEqual(again.events)
      expect((await approve(again)).status).toBe('approved')
    })

    it('needs a reason of 1 to 500 characters and nothing else, and only from awaiting approval', async () => {
      const weighed = await shipmentAt('awaiting_approval', [await pkg(customer)])
      for (const details of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
        expect(await tryAdvance(weighed, 'processing', details)).toEqual(invalid('p_details.reason must be 1 to 500 characters'))
      }
      expect(await tryAdvance(weighed, 'processing', { reason: 'ok', weight_kg: 2 })).toEqual(invalid('p_details.weight_kg is not a detail of weighing again (reason)'))
      const approved = await approve(weighed)
      expect(await tryAdvance(approved, 'processing', { reason: 'late' })).toEqual(invalid('a shipment that is approved cannot become processing'))
    })
  })

  describe('set_shipment_packages', () => {
    it('adds and removes packages of a requested shipment, prices the estimate again and frees those left out', async () => {
      const [a, b, c] = [await pkg(customer, { weight: 1 }), await pkg(customer, { weight: 1 }), await pkg(customer, { weight: 4 })]
      const shipment = await request([a])
      expect(shipment.estimate.consolidation_cents).toBe(0)
      const opId = randomUUID()
      const changed = await setPackages(shipment, [c, b], opId)
      expect(changed.package_ids).toEqual([b, c].sort())
      expect(changed.estimate.consolidation_cents).toBeGreaterThan(0)
      expect(changed.estimate.billable_lb).toBe(12)
      expect(changed.estimate_cents).toBe(changed.estimate.total_cents)
      expect(await packageState(a)).toMatchObject({ shipment_id: null, status: 'recibido' })
      expect((await packageState(b)).shipment_id).toBe(shipment.id)

      const replay = await setPackages(shipment, [b, c], opId)
      expect(replay.version).toBe(changed.version)
      expect(await db.attempt(customer, (query) => query(setSql, [opId, shipment.id, uuidArray([a])]))).toMatchObject({ ok: false, code: 'PT409' })
    })

    it('takes only the owner’s packages at the warehouse in no other shipment, and only while requested', async () => {
      const shipment = await request([await pkg(customer)])
      const theirs = await pkg(other)
      expect(await trySetPackages(shipment, [theirs])).toEqual(invalid(`p_package_ids: package ${theirs} was not found`))
      const away = await pkg(customer, { status: 'transito' })
      expect(await trySetPackages(shipment, [away])).toEqual(invalid(`p_package_ids: package ${await trackingOf(away)} is not at the warehouse`))
      const elsewhere = await pkg(customer)
      await request([elsewhere])
      expect(await trySetPackages(shipment, [elsewhere])).toEqual(invalid(`p_package_ids: package ${await trackingOf(elsewhere)} is already in a shipment`))
      expect(await trySetPackages(shipment, [])).toEqual(invalid('p_package_ids must list 1 to 20 packages'))
      expect(await trySetPackages(shipment, [await pkg(customer)], other)).toMatchObject({ ok: false, code: 'PT404' })

      const processing = (await advance(shipment, 'processing')).shipment
      expect(await trySetPackages(processing, [await pkg(customer)])).toEqual(invalid('a shipment that is processing cannot change its packages'))
    })
  })
})
