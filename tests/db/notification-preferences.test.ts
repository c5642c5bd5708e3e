import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// Notification preferences on PGlite and PostgreSQL 15: a customer turns one kind off or on per
// channel from their device (a replay changes nothing more), a mail's one-click link does the same
// for its mail on the service role's word, the in-app choice reaches the device's copy of the
// profile, and a receipt is always mailed whoever asks.

type User = JwtClaims & { sub: string }
type Lists = { in_app_muted: string[]; push_muted: string[]; mail_muted: string[] }

const service: JwtClaims = { role: 'service_role' }

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  const setPreference = (caller: User, channel: string, kinds: string[], on: boolean, opId = randomUUID()) =>
    db.as(caller)<{ result: Lists }>(`select public.set_notification_preference($1, $2, $3, $4) as result`, [opId, channel, kinds, on]).then((rows) => rows[0]!.result)
  const byLink = (caller: JwtClaims, userId: string, kind: string, on: boolean) =>
    db.as(caller)<{ result: boolean }>(`select public.set_mail_preference_by_link($1, $2, $3) as result`, [userId, kind, on]).then((rows) => rows[0]!.result)
  const refusalOf = async (fn: () => Promise<unknown>) => fn().then(() => null, (error: { code: string; hint?: string }) => ({ code: error.code, hint: error.hint }))
  const register = (customer: User) =>
    db.as(admin)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), randomUUID(), customer.sub, randomUUID(), `PREF-${randomUUID().slice(0, 8)}`])
  const count = async (table: 'mail_outbox' | 'notifications', customer: User, kind: string) =>
    (await db.owner<{ n: number }>(`select count(*)::int as n from public.${table} where user_id = $1 and kind = $2`, [customer.sub, kind]))[0]!.n
  const stamp = async (customer: User) => (await db.owner<{ change_xid: string }>(`select change_xid::text from public.profiles where id = $1`, [customer.sub]))[0]!.change_xid

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it("an arrival's mail turned off is not mailed, though its notification is made; turned on again, the next is mailed", async () => {
    const customer = await createApiUser(db)
    expect(await setPreference(customer, 'mail', ['package_received'], false)).toEqual({ in_app_muted: [], push_muted: [], mail_muted: ['package_received'] })
    await register(customer)
    expect(await count('notifications', customer, 'package_received')).toBe(1)
    expect(await count('mail_outbox', customer, 'package_received')).toBe(0)

    expect((await setPreference(customer, 'mail', ['package_received'], true)).mail_muted).toEqual([])
    await register(customer)
    expect(await count('mail_outbox', customer, 'package_received')).toBe(1)
  })

  it('each channel keeps its own choice, and a replayed op changes nothing more (the profile is not sent to the devices again)', async () => {
    const customer = await createApiUser(db)
    const opId = randomUUID()
    await setPreference(customer, 'in_app', ['storage_ending', 'storage_last_day'], false, opId)
    await setPreference(customer, 'push', ['charge_due'], false)
    const before = await stamp(customer)
    expect(await setPreference(customer, 'in_app', ['storage_ending', 'storage_last_day'], false, opId)).toEqual({
      in_app_muted: ['storage_ending', 'storage_last_day'],
      push_muted: ['charge_due'],
      mail_muted: [],
    })
    expect(await stamp(customer)).toBe(before)
    // What the device pulls with the profile.
    const [pulled] = await db.as(customer)<{ result: [{ in_app_muted: string[] }] }>(`select public.profiles_json(array[$1]::uuid[]) as result`, [customer.sub])
    expect(pulled!.result[0].in_app_muted).toEqual(['storage_ending', 'storage_last_day'])
  })

  it("a receipt is always mailed: neither the customer nor a link turns it off; kinds a channel does not have are refused", async () => {
    const customer = await createApiUser(db)
    expect(await refusalOf(() => setPreference(customer, 'mail', ['package_received', 'payment_received'], false))).toEqual({ code: '22023', hint: 'receipt_always_mailed' })
    expect(await refusalOf(() => byLink(service, customer.sub, 'payment_received', false))).toEqual({ code: '22023', hint: 'receipt_always_mailed' })
    expect(await refusalOf(() => setPreference(customer, 'push', ['shipment_delivered'], false))).toEqual({ code: '22023', hint: 'unknown_notification_kind' })
    expect(await refusalOf(() => setPreference(customer, 'fax', ['package_received'], false))).toEqual({ code: '22004', hint: 'bad_request' })
    expect(await refusalOf(() => setPreference({ role: 'authenticated' } as User, 'mail', ['package_received'], false))).toEqual({ code: '42501', hint: 'not_signed_in' })

    await db.as(admin)(`select public.record_payment($1, $2, 1500, 'cash', null)`, [randomUUID(), customer.sub])
    expect(await count('mail_outbox', customer, 'payment_received')).toBe(1)
  })

  it("a mail's link turns its kind off and on for the service role only, as often as it is followed", async () => {
    const customer = await createApiUser(db)
    await setPreference(customer, 'mail', ['charge_due'], false)
    expect(await byLink(service, customer.sub, 'shipment_shipped', false)).toBe(true)
    expect(await byLink(service, customer.sub, 'shipment_shipped', false)).toBe(true)
    const mailMuted = async () => (await db.owner<{ mail_muted: string[] }>(`select mail_muted from public.profiles where id = $1`, [customer.sub]))[0]!.mail_muted
    expect(await mailMuted()).toEqual(['charge_due', 'shipment_shipped'])
    expect(await byLink(service, customer.sub, 'shipment_shipped', true)).toBe(true)
    expect(await mailMuted()).toEqual(['charge_due'])

    expect(await refusalOf(() => byLink(customer, customer.sub, 'charge_due', true))).toMatchObject({ code: '42501' })
    expect(await refusalOf(() => byLink(service, customer.sub, 'package_status', false))).toEqual({ code: '22023', hint: 'unknown_notification_kind' })
    // A customer who has left: nothing to change, and nothing to say about it.
    expect(await byLink(service, randomUUID(), 'charge_due', false)).toBe(false)
  })
})
