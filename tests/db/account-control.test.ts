import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Caller, type Engine } from './engines.ts'

// The customer's control of their account on PGlite and PostgreSQL 15: the copy of their data holds
// theirs and no one else's; closing is refused while business is open, naming each reason; a closed
// account keeps the business's records and loses everything that identifies the customer; and its
// locker code is never drawn again.

type User = JwtClaims & { sub: string }
const serviceRole: JwtClaims = { role: 'service_role' }
const address = { name: 'Cliente Demo', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: 'V-18.456.789' }
const items = [{ description: 'Running shoes', quantity: 2, unit_value_usd: 50 }]

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    for (const bucket of ['package-photos', 'documents', 'avatars']) await db.owner(`insert into storage.buckets (id, name) values ($1, $1) on conflict do nothing`, [bucket])
  }, 60_000)
  afterAll(() => db?.close())

  const customer = async () => {
    const user = await createApiUser(db)
    await db.owner(`update public.profiles set full_name = 'Ana Pérez', phone = '+58 412 555 0100', country = 'Venezuela', delivery_address = 'Calle 1', city = 'Caracas', postal_code = '1060', id_number = 'V-1' where id = $1`, [user.sub])
    return user
  }
  const receive = async (user: User, tracking = `AC-${randomUUID().slice(0, 12).toUpperCase()}`) => {
    const packageId = randomUUID()
    await db.as(admin)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), packageId, user.sub, randomUUID(), tracking])
    return { packageId, tracking }
  }
  const deliver = (packageId: string) =>
    db.as(admin)(`select public.apply_package_status($1, $2, 'entregado', now(), (select version from public.packages where id = $2))`, [randomUUID(), packageId])
  const requestShipment = async (user: User, packageIds: string[]) => {
    const shipmentId = randomUUID()
    await db.as(user)(`select public.request_shipment($1, $2, $3::uuid[], 'standard', '{}'::jsonb, $4::jsonb, $5::jsonb)`, [randomUUID(), shipmentId, packageIds, JSON.stringify(items), JSON.stringify(address)])
    return shipmentId
  }
  const charge = (user: User, cents: number) => db.as(admin)(`select public.post_adjustment($1, $2, $3, 'Handling')`, [randomUUID(), user.sub, cents])
  const pay = (user: User, cents: number) => db.as(admin)(`select public.record_payment($1, $2, $3, 'cash', null)`, [randomUUID(), user.sub, cents])
  const storeFile = (bucket: string, name: string) =>
    db.owner(`insert into storage.objects (bucket_id, name, metadata) values ($1, $2, jsonb_build_object('mimetype', 'application/pdf', 'size', 1234))`, [bucket, name])
  const exportOf = async (user: User) => (await db.as(user)<{ data: Record<string, unknown> }>(`select public.export_my_data() as data`))[0]!.data
  const lockerOf = async (id: string) => (await db.owner<{ code: string }>(`select code from public.lockers where user_id = $1`, [id]))[0]!.code

  /** The refusal of `sql`, rolled back: its SQLSTATE, key and detail; null when it was taken. */
  const refusalOf = async (caller: Caller, sql: string, params: unknown[] = []) => {
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
  const close = (user: User) => refusalOf(serviceRole, `select public.close_account($1)`, [user.sub])

  it("the copy holds the caller's profile, locker, packages with their history, shipments with items, account lines, notifications and files, and no one else's", async () => {
    const ana = await customer()
    const bob = await customer()
    const anaPackage = await receive(ana)
    const bobPackage = await receive(bob)
    const shipmentId = await requestShipment(ana, [anaPackage.packageId])
    await charge(ana, 1250)
    await charge(bob, 990)
    await storeFile('documents', `${ana.sub}/${randomUUID()}.pdf`)
    await storeFile('documents', `${bob.sub}/${randomUUID()}.pdf`)
    await storeFile('package-photos', `${bobPackage.packageId}/${randomUUID()}.jpg`)

    const data = await exportOf(ana)
    expect(data).toMatchObject({
      version: 1,
      profile: { id: ana.sub, full_name: 'Ana Pérez', id_number: 'V-1' },
      locker: { code: await lockerOf(ana.sub) },
      preferences: { lang: 'es', mail_muted: [] },
      packages: [{ id: anaPackage.packageId, tracking_code: anaPackage.tracking, history: [{ status: 'recibido' }] }],
      shipments: [{ id: shipmentId, address: { name: 'Cliente Demo' }, items: [{ description: 'Running shoes', quantity: 2 }], history: [{ status: 'requested' }] }],
      account_lines: [{ kind: 'adjustment', amount_cents: 1250 }],
      balance_cents: 1250,
      notifications: [{ kind: 'package_received' }],
      files: [{ bucket: 'documents', size: 1234 }],
    })
    const text = JSON.stringify(data)
    for (const other of [bob.sub, bobPackage.packageId, bobPackage.tracking, await lockerOf(bob.sub)]) expect(text).not.toContain(other)
    // An admin's copy is their own too, not the desk's.
    expect(JSON.stringify(await exportOf(admin))).not.toContain(ana.sub)
    expect(await refusalOf(null, `select public.export_my_data()`)).toMatchObject({ code: '42501' })
    expect(await refusalOf({ role: 'authenticated' }, `select public.export_my_data()`)).toMatchObject({ code: '42501', hint: 'not_signed_in' })
  })

  it('closing is refused while a package waits, a shipment is open or money is owed, naming each reason in one refusal', async () => {
    const waiting = await customer()
    await receive(waiting)
    expect(await close(waiting)).toEqual({ code: 'PT409', hint: 'account_not_closable', detail: { packages: 1 } })

    // A package in an open shipment is the shipment's reason, not the warehouse's.
    const shipping = await customer()
    await requestShipment(shipping, [(await receive(shipping)).packageId])
    expect(await close(shipping)).toEqual({ code: 'PT409', hint: 'account_not_closable', detail: { shipments: 1 } })

    const owing = await customer()
    await charge(owing, 700)
    expect(await close(owing)).toEqual({ code: 'PT409', hint: 'account_not_closable', detail: { owed_cents: 700 } })

    const all = await customer()
    await receive(all)
    await requestShipment(all, [(await receive(all)).packageId])
    await charge(all, 300)
    expect(await close(all)).toEqual({ code: 'PT409', hint: 'account_not_closable', detail: { packages: 1, shipments: 1, owed_cents: 300 } })

    expect(await close(admin)).toMatchObject({ code: '42501', hint: 'account_is_staff' })
    // Only the Edge Function, with the service role, closes an account: never a session directly.
    expect(await refusalOf(all, `select public.close_account($1)`, [all.sub])).toMatchObject({ code: '42501' })
  })

  it("a closed account keeps its packages, shipments and account lines and loses every identifying field, its files' links, pushes, mail and sign-in", async () => {
    const user = await customer()
    const { packageId } = await receive(user)
    const shipmentId = await requestShipment(user, [packageId])
    await db.as(user)(`select public.cancel_shipment($1, $2)`, [randomUUID(), shipmentId])
    await deliver(packageId)
    await charge(user, 500)
    await pay(user, 500)
    const document = `${user.sub}/${randomUUID()}.pdf`
    await storeFile('documents', document)
    await db.owner(`update public.shipments set documents = jsonb_build_array(jsonb_build_object('path', $2::text, 'name', 'invoice.pdf')) where id = $1`, [shipmentId, document])
    await db.owner(
      `insert into public.push_subscriptions (endpoint, user_id, p256dh, auth, locale) values ($1, $2, $3, $4, 'es')`,
      [`https://push.example.test/${randomUUID()}`, user.sub, 'B'.repeat(87), 'a'.repeat(22)],
    )
    await db.owner(`insert into auth.sessions (id, user_id, created_at) values ($1, $2, now())`, [randomUUID(), user.sub])
    expect((await db.owner(`select 1 from public.mail_outbox where user_id = $1`, [user.sub])).length).toBeGreaterThan(0)
    const code = await lockerOf(user.sub)
    const lines = await db.owner(`select id from public.account_entries where user_id = $1 order by id`, [user.sub])

    const [closed] = await db.as(serviceRole)<{ result: { files: { bucket: string; name: string }[] } }>(`select public.close_account($1) as result`, [user.sub])
    expect(closed!.result.files).toEqual([{ bucket: 'documents', name: document }])

    const [profile] = await db.owner<Record<string, unknown>>(`select * from public.profiles where id = $1`, [user.sub])
    expect(profile).toMatchObject({ email: null, full_name: null, phone: null, country: null, delivery_address: null, city: null, postal_code: null, id_number: null, avatar_path: null, role: 'user' })
    expect(profile!.closed_at).not.toBeNull()
    expect(await lockerOf(user.sub)).toBe(code)
    expect(await db.owner(`select id from public.packages where user_id = $1`, [user.sub])).toEqual([{ id: packageId }])
    const [shipment] = await db.owner<{ address: Record<string, string>; documents: unknown[] }>(`select address, documents from public.shipments where id = $1`, [shipmentId])
    expect(shipment).toEqual({ address: { name: '', address: '', city: '', postal_code: '', country: 'Venezuela', phone: '', id_number: '' }, documents: [] })
    expect(await db.owner(`select id from public.account_entries where user_id = $1 order by id`, [user.sub])).toEqual(lines)
    expect(await db.owner(`select 1 from public.push_subscriptions where user_id = $1`, [user.sub])).toEqual([])
    expect(await db.owner(`select 1 from public.mail_outbox where user_id = $1`, [user.sub])).toEqual([])
    const [auth] = await db.owner<Record<string, unknown>>(`select email, phone, encrypted_password, raw_user_meta_data, banned_until > now() + interval '50 years' as banned, deleted_at is not null as deleted from auth.users where id = $1`, [user.sub])
    expect(auth).toEqual({ email: null, phone: null, encrypted_password: '', raw_user_meta_data: {}, banned: true, deleted: true })
    expect(await db.owner(`select 1 from auth.identities where user_id = $1 union all select 1 from auth.sessions where user_id = $1`, [user.sub])).toEqual([])
    expect(await close(user)).toMatchObject({ code: 'PT404', hint: 'account_not_found' })
    // Its locker takes no more packages.
    expect(await refusalOf(admin, `select public.register_package($1, $2, $3, $4, 'recibido', 'AFTER-CLOSE', 1, 0.01, null)`, [randomUUID(), randomUUID(), user.sub, randomUUID()])).toEqual({
      code: 'PT409',
      hint: 'account_closed',
      detail: { locker: code },
    })
  })

  it("a retired locker code is never drawn again, even when the sequence comes back to it", async () => {
    const user = await customer()
    const code = await lockerOf(user.sub)
    await db.as(serviceRole)(`select public.close_account($1)`, [user.sub])
    await db.owner(`select setval('public.locker_code_seq', $1::bigint - 1)`, [Number(code.slice(3))])
    const next = await createApiUser(db)
    expect(await lockerOf(next.sub)).not.toBe(code)
    expect(await db.as(admin)(`select code from public.retired_locker_codes where code = $1`, [code])).toEqual([{ code }])
    expect(await db.as(next)(`select code from public.retired_locker_codes`)).toEqual([])
  })
})
