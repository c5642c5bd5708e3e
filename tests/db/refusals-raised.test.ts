import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Caller, type Engine } from './engines.ts'

// The database really answers with each family's keys and values, on PGlite and PostgreSQL 15:
// the SQLSTATE, the key in HINT and the text's values as JSON in DETAIL, as PostgREST passes them on.

type User = JwtClaims & { sub: string }
interface Refusal {
  code: string
  hint: string | undefined
  detail: unknown
}

const address = { name: 'Cliente Demo', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: 'V-18.456.789' }
const items = [{ description: 'Running shoes', quantity: 2, unit_value_usd: 50 }]

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let customer: User

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
  })
  afterAll(() => db.close())

  /** What the database answers to `sql`, rolled back: the refusal, or null when it was taken. */
  const refusalOf = async (caller: Caller, sql: string, params: unknown[] = []): Promise<Refusal | null> => {
    const outcome = await db.attempt(caller, async (query) => {
      try {
        await query(sql, params)
        return null
      } catch (error) {
        const { code = '', hint, detail } = error as { code?: string; hint?: string; detail?: string }
        return { code, hint, detail: detail ? (JSON.parse(detail) as unknown) : undefined }
      }
    })
    if (!outcome.ok) throw new Error(outcome.message)
    return outcome.value
  }

  const receive = async (tracking = `KEY-${randomUUID().slice(0, 12).toUpperCase()}`) => {
    const packageId = randomUUID()
    await db.as(admin)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), packageId, customer.sub, randomUUID(), tracking])
    return { packageId, tracking }
  }
  const request = (packageIds: string[]) =>
    `select public.request_shipment('${randomUUID()}', '${randomUUID()}', '{${packageIds.join(',')}}'::uuid[], 'standard', '{}'::jsonb, '${JSON.stringify(items)}'::jsonb, '${JSON.stringify(address)}'::jsonb)`

  it('permissions and sessions: staff_only, admins_only, not_signed_in', async () => {
    expect(await refusalOf(customer, `select public.apply_package_status($1, $2, 'transito', now(), 1)`, [randomUUID(), randomUUID()])).toEqual({ code: '42501', hint: 'staff_only', detail: undefined })
    expect(await refusalOf(customer, `select public.set_rates('{"express_cents": 1}'::jsonb)`)).toEqual({ code: '42501', hint: 'admins_only', detail: undefined })
    // Signed in as far as the API role goes, with no user: what an expired session's leftovers look like.
    expect(await refusalOf({ role: 'authenticated' }, `select public.cancel_shipment($1, $2)`, [randomUUID(), randomUUID()])).toEqual({ code: '42501', hint: 'not_signed_in', detail: undefined })
  })

  it('packages: clock_ahead and package_not_found with their values', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString()
    const clock = await refusalOf(admin, `select public.apply_package_status($1, $2, 'transito', $3, 1)`, [randomUUID(), randomUUID(), future])
    expect(clock).toMatchObject({ code: '22023', hint: 'clock_ahead', detail: { changed_at: expect.any(String), server_time: expect.any(String) } })
    const missing = randomUUID()
    expect(await refusalOf(admin, `select public.apply_package_status($1, $2, 'transito', now(), 1)`, [randomUUID(), missing])).toEqual({ code: 'PT404', hint: 'package_not_found', detail: { package: missing } })
  })

  it('a batch of status changes answers each refusal with its key too', async () => {
    const missing = randomUUID()
    const [result] = await db.as(admin)<{ result: { error: Record<string, unknown> }[] }>(`select public.apply_package_statuses($1::jsonb) as result`, [
      JSON.stringify([{ op_id: randomUUID(), package_id: missing, status: 'transito', changed_at: new Date().toISOString(), base_version: 1 }]),
    ])
    const { code, hint, details } = result!.result[0]!.error as { code: string; hint: string; details: string }
    expect({ code, hint, detail: JSON.parse(details) as unknown }).toEqual({ code: 'PT404', hint: 'package_not_found', detail: { package: missing } })
  })

  it('shipments: a package held by its open shipment names the package, the shipment, its day and status', async () => {
    const { packageId, tracking } = await receive()
    const [{ result: shipment }] = (await db.as(customer)<{ result: { id: string; created_at: string } }>(`${request([packageId])} as result`)) as [{ result: { id: string; created_at: string } }]
    const held = await refusalOf(admin, `select public.apply_package_status($1, $2, 'transito', now(), 2)`, [randomUUID(), packageId])
    expect(held).toEqual({
      code: '22023',
      hint: 'package_in_open_shipment',
      detail: { code: tracking, shipment: shipment.id, requested_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), status: 'requested' },
    })
    expect(await refusalOf(customer, request([]))).toEqual({ code: '22023', hint: 'package_count', detail: { min: 1, max: 20 } })
    expect(await refusalOf(customer, request([packageId]))).toEqual({ code: '22023', hint: 'package_in_shipment', detail: { code: tracking } })
  })

  it('prealerts and files: their own keys', async () => {
    expect(await refusalOf(customer, `select public.save_prealert($1, $2, 'AB1', 'Amazon', 'Shoes', 10, null)`, [randomUUID(), randomUUID()])).toEqual({
      code: '22023',
      hint: 'prealert_tracking_length',
      detail: { min: 6, max: 40 },
    })
    expect(await refusalOf(customer, `select public.set_avatar($1)`, ['elsewhere/photo.png'])).toEqual({ code: '22023', hint: 'bad_file_path', detail: { path: 'elsewhere/photo.png' } })
  })

  it('admin tools: a report range the wrong way round', async () => {
    expect(await refusalOf(admin, `select public.admin_report('2026-11-20', '2026-11-10', 'day')`)).toEqual({
      code: '22023',
      hint: 'report_range_reversed',
      detail: { from: '2026-11-20', to: '2026-11-10' },
    })
  })

  it('a check constraint is named by its constraint, as stable as a key', async () => {
    const refused = await db.attempt('owner', (query) => query(`update public.packages set weight_kg = 40 where id = (select id from public.packages limit 1)`))
    expect(refused).toMatchObject({ ok: false, code: '23514', message: expect.stringContaining('"packages_weight_kg_range"') })
  })
})
