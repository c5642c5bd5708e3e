import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { payOwedSql } from '../support/pay-owed.ts'

// Notifications worth getting, on PGlite and PostgreSQL 15: one per shipment event however many
// packages it moves; "arrived" only on a package's first arrival; storage reminders not for
// packages leaving in a shipment, caught up after a missed day (the last day's too), each once, with the days left.

type User = JwtClaims & { sub: string }
interface Shipment {
  id: string
  version: number
  status: string
  final_cents: number | null
}

const address = { name: 'Cliente Demo', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: 'V-18.456.789' }
const items = [{ description: 'Running shoes', quantity: 2, unit_value_usd: 50 }]
const box = { weight_kg: 3.5, length_cm: 40, width_cm: 30, height_cm: 20 }
const dispatch = { carrier: 'DHL Express', tracking: 'JD0146000012345' }

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  const service = { role: 'service_role' } as JwtClaims

  /** A package received at the warehouse for this customer, through the admin's registration. */
  const receive = async (customer: User) => {
    const packageId = randomUUID()
    await db.as(admin)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [
      randomUUID(),
      packageId,
      customer.sub,
      randomUUID(),
      `NOTICE-${randomUUID().slice(0, 13).toUpperCase()}`,
    ])
    return packageId
  }
  const request = async (customer: User, packageIds: string[]) =>
    (
      await db.as(customer)<{ result: Shipment }>(`select public.request_shipment($1, $2, $3::uuid[], 'standard', '{}'::jsonb, $4::jsonb, $5::jsonb) as result`, [
        randomUUID(),
        randomUUID(),
        `{${packageIds.join(',')}}`,
        JSON.stringify(items),
        JSON.stringify(address),
      ])
    )[0]!.result
  const advance = async (shipment: Shipment, status: string, details: unknown = null) =>
    (
      await db.as(admin)<{ result: { shipment: Shipment } }>(`select public.advance_shipment($1, $2, $3, $4, null, $5::jsonb) as result`, [
        randomUUID(),
        shipment.id,
        status,
        shipment.version,
        details === null ? null : JSON.stringify(details),
      ])
    )[0]!.result.shipment
  const approve = async (customer: User, shipment: Shipment) =>
    (await db.as(customer)<{ result: Shipment }>(`select public.approve_shipment($1, $2, $3) as result`, [randomUUID(), shipment.id, shipment.final_cents]))[0]!.result
  const cancel = async (shipment: Shipment) => db.as(admin)(`select public.cancel_shipment($1, $2)`, [randomUUID(), shipment.id])
  const notices = (customer: User) =>
    db.owner<{ kind: string; payload: Record<string, unknown> }>(`select kind, payload from public.notifications where user_id = $1 order by created_at, id`, [customer.sub])
  const kinds = async (customer: User) => (await notices(customer)).map((notice) => notice.kind)

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it('a 20-package shipment tells one notification per shipment event, none per package', async () => {
    const customer = await createApiUser(db)
    const packageIds = []
    for (let n = 0; n < 20; n++) packageIds.push(await receive(customer))
    let shipment = await request(customer, packageIds)
    shipment = await advance(shipment, 'processing')
    shipment = await advance(shipment, 'awaiting_approval', box)
    shipment = await approve(customer, shipment)
    await db.owner(payOwedSql, [customer.sub])
    await advance(shipment, 'shipped', dispatch)

    // The approval's charge and its payment tell theirs (96_money.sql).
    expect(await kinds(customer)).toEqual([...packageIds.map(() => 'package_received'), 'shipment_awaiting_approval', 'charge_due', 'payment_received', 'shipment_shipped'])
  })

  it('"arrived at the warehouse" is told on a package\'s first arrival only, not when a cancelled shipment puts it back', async () => {
    const customer = await createApiUser(db)
    const packageId = await receive(customer)
    const shipment = await advance(await request(customer, [packageId]), 'processing')
    await cancel(shipment)

    const status = await db.owner<{ status: string }>(`select status from public.packages where id = $1`, [packageId])
    expect(status).toEqual([{ status: 'recibido' }])
    expect(await kinds(customer)).toEqual(['package_received'])
  })

  describe('storage reminders', () => {
    /** A Miami calendar day, `offset` days from the package's arrival today. */
    const day = async (offset: number) =>
      (await db.owner<{ day: string }>(`select (((now() at time zone 'America/New_York')::date) + $1::int)::text as day`, [offset]))[0]!.day
    const remind = async (offset: number) => db.as(service)(`select public.notify_storage_endings($1::date)`, [await day(offset)])
    const reminders = async (customer: User) =>
      (await notices(customer)).filter((notice) => notice.kind.startsWith('storage')).map(({ kind, payload }) => ({ kind, days_left: payload.days_left }))

    it('none for a package in a requested or processing shipment', async () => {
      const customer = await createApiUser(db)
      const requested = await receive(customer)
      await request(customer, [requested])
      const processing = await receive(customer)
      await advance(await request(customer, [processing]), 'processing')

      await remind(25)
      await remind(30)
      expect(await reminders(customer)).toEqual([])
    })

    it('a day the job missed is caught up on the next run, once, with the days really left', async () => {
      const customer = await createApiUser(db)
      await receive(customer)

      await remind(27)
      await remind(28)
      await remind(30)
      await remind(30)
      expect(await reminders(customer)).toEqual([
        { kind: 'storage_ending', days_left: 3 },
        { kind: 'storage_last_day', days_left: 0 },
      ])
    })

    it('a last day the job missed is caught up on the next run, once, saying how long ago it was', async () => {
      const customer = await createApiUser(db)
      await receive(customer)

      await remind(28)
      await remind(32)
      await remind(33)
      expect(await reminders(customer)).toEqual([
        { kind: 'storage_ending', days_left: 2 },
        { kind: 'storage_last_day', days_left: -2 },
      ])
    })

    it('no last-day reminder once its catch-up window has passed', async () => {
      const customer = await createApiUser(db)
      await receive(customer)

      await remind(36)
      expect(await reminders(customer)).toEqual([])
    })
  })
})
