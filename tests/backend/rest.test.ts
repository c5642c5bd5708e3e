import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, demoCustomer, newClient, seededToken, serviceClient, signedIn, startTestStandIn } from './helpers'

const customerId = 'c0000000-0000-4000-8000-000000000001'
const adminId = 'a0000000-0000-4000-8000-000000000001'

let standIn: StandIn
let anon: SupabaseClient
let admin: SupabaseClient
let customer: SupabaseClient

beforeAll(async () => {
  standIn = await startTestStandIn()
  anon = newClient(standIn.url)
  admin = await signedIn(standIn.url, demoAdmin)
  customer = await signedIn(standIn.url, demoCustomer)
})

afterAll(async () => {
  await standIn?.close()
})

async function createPackage(fields: Record<string, unknown> = {}) {
  const { data, error, status } = await admin
    .from('packages')
    .insert({ user_id: customerId, locker_code: 'MIA100002', status: 'recibido', tracking_code: `T-${randomUUID().slice(0, 8)}`, weight_kg: 1.5, ...fields })
    .select()
    .single()
  if (error) throw new Error(error.message)
  return { pkg: data as { id: string; version: number; status: string; public_token: string }, status }
}

function rawRest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${standIn.url}/rest/v1/${path}`, { ...init, headers: { apikey: SUPABASE_LOCAL_ANON_KEY, ...init.headers } })
}

describe('public tracking (rpc get_package_by_token)', () => {
  it('finds a seeded package by its token', async () => {
    const { data, error } = await anon.rpc('get_package_by_token', { p_token: seededToken(1) })
    expect(error).toBeNull()
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({ status: 'recibido', locker_code: expect.stringMatching(/^MIA\d{6}$/) })
    expect(Object.keys(data[0]).sort()).toEqual(['locker_code', 'status', 'tracking_code', 'updated_at', 'volume_m3', 'weight_kg'])
  })

  it('returns [] for an unknown token', async () => {
    const { data, error } = await anon.rpc('get_package_by_token', { p_token: randomUUID() })
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it('answers 400 with 22P02 for a malformed token', async () => {
    const { error, status } = await anon.rpc('get_package_by_token', { p_token: 'not-a-uuid' })
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' })
  })

  it('answers 404 PGRST202 for an unknown function or argument', async () => {
    const unknown = await anon.rpc('no_such_function', {})
    expect(unknown.status).toBe(404)
    expect(unknown.error?.code).toBe('PGRST202')
    const wrongArg = await anon.rpc('get_package_by_token', { token: seededToken(1) })
    expect(wrongArg.status).toBe(404)
    expect(wrongArg.error?.hint).toContain('get_package_by_token(p_token)')
  })

  it('also answers GET /rpc with query arguments', async () => {
    const { data, error } = await anon.rpc('get_package_by_token', { p_token: seededToken(3) }, { get: true })
    expect(error).toBeNull()
    expect(data[0].status).toBe('transito')
  })
})

describe('admin package registration', () => {
  it('creates a package (201) and returns the row', async () => {
    const { pkg, status } = await createPackage()
    expect(status).toBe(201)
    expect(pkg).toMatchObject({ user_id: customerId, status: 'recibido', version: 1, weight_kg: 1.5 })
    expect(pkg.public_token).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a weight over 32 kg with the database check-constraint message (400)', async () => {
    const { data, error, status } = await admin.from('packages').insert({ user_id: customerId, locker_code: 'MIA100002', status: 'recibido', weight_kg: 40 }).select().single()
    expect(data).toBeNull()
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '23514', message: expect.stringContaining('violates check constraint "packages_weight_kg_range"') })
  })

  it('refuses an unknown status and a missing user (check and foreign key)', async () => {
    expect((await admin.from('packages').insert({ user_id: customerId, locker_code: 'MIA100002', status: 'perdido' })).status).toBe(400)
    const orphan = await admin.from('packages').insert({ user_id: randomUUID(), locker_code: 'MIA100002' })
    expect(orphan.status).toBe(409)
    expect(orphan.error?.code).toBe('23503')
  })

  it('inserts several rows at once with return=minimal', async () => {
    const rows = [1, 2].map((n) => ({ user_id: customerId, locker_code: 'MIA100002', tracking_code: `BULK-${n}-${randomUUID()}` }))
    const { data, error, status } = await admin.from('packages').insert(rows)
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toBeNull()
    const { count } = await admin.from('packages').select('id', { count: 'exact', head: true }).in('tracking_code', rows.map((r) => r.tracking_code))
    expect(count).toBe(2)
  })

  it('a customer cannot create packages (403) and anon cannot either (401)', async () => {
    const asCustomer = await customer.from('packages').insert({ user_id: customerId, locker_code: 'MIA100002' })
    expect(asCustomer.status).toBe(403)
    expect(asCustomer.error?.code).toBe('42501')
    const asAnon = await anon.from('packages').insert({ user_id: customerId, locker_code: 'MIA100002' })
    expect(asAnon.status).toBe(401)
    expect(asAnon.error?.code).toBe('42501')
  })
})

describe('apply_package_status', () => {
  it('records an op once however often it is replayed', async () => {
    const { pkg } = await createPackage()
    const args = { p_op_id: randomUUID(), p_package_id: pkg.id, p_status: 'transito', p_changed_at: new Date().toISOString(), p_base_version: pkg.version }
    const first = await admin.rpc('apply_package_status', args)
    const second = await admin.rpc('apply_package_status', args)
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ outcome: 'applied', package: { id: pkg.id, status: 'transito', version: 2 } })
    expect(second.data).toEqual(first.data)
    const { data: events } = await admin.from('package_events').select('op_id, outcome').eq('op_id', args.p_op_id)
    expect(events).toEqual([{ op_id: args.p_op_id, outcome: 'applied' }])
  })

  it('a stale base version is superseded, returns the current row and keeps the event', async () => {
    const { pkg } = await createPackage()
    const opId = randomUUID()
    const { data, error } = await admin.rpc('apply_package_status', { p_op_id: opId, p_package_id: pkg.id, p_status: 'aduana', p_changed_at: null, p_base_version: pkg.version - 1 })
    expect(error).toBeNull()
    expect(data).toMatchObject({ outcome: 'superseded', package: { id: pkg.id, status: 'recibido', version: 1 } })
    const { data: events } = await admin.from('package_events').select('status, outcome').eq('op_id', opId)
    expect(events).toEqual([{ status: 'aduana', outcome: 'superseded' }])
  })

  it('refuses a customer, both through the rpc and by updating the row', async () => {
    const { pkg } = await createPackage()
    const viaRpc = await customer.rpc('apply_package_status', { p_op_id: randomUUID(), p_package_id: pkg.id, p_status: 'entregado', p_changed_at: null, p_base_version: 1 })
    expect(viaRpc.status).toBe(403)
    expect(viaRpc.error?.code).toBe('42501')

    const viaUpdate = await customer.from('packages').update({ status: 'entregado' }).eq('id', pkg.id).select()
    expect(viaUpdate.data ?? []).toEqual([])
    const { data: after } = await admin.from('packages').select('status, version').eq('id', pkg.id).single()
    expect(after).toEqual({ status: 'recibido', version: 1 })
  })

  it('an admin updates a package’s details directly (200 with the row), its status only through the rpc (403)', async () => {
    const { pkg } = await createPackage()
    const { data, error, status } = await admin.from('packages').update({ weight_kg: 2.5 }).eq('id', pkg.id).select('id, weight_kg, version').single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual({ id: pkg.id, weight_kg: 2.5, version: 2 })
    const direct = await admin.from('packages').update({ status: 'disponible' }).eq('id', pkg.id)
    expect(direct.status).toBe(403)
    expect(direct.error?.code).toBe('42501')
  })
})

describe('reads under RLS', () => {
  it('a customer reads only their own profile', async () => {
    const others = await customer.from('profiles').select('*').eq('id', adminId)
    expect(others.error).toBeNull()
    expect(others.data).toEqual([])
    const all = await customer.from('profiles').select('id')
    expect(all.data).toEqual([{ id: customerId }])
  })

  it('anon reads nothing from the tables', async () => {
    for (const table of ['profiles', 'lockers', 'packages', 'package_events']) {
      const { data, error } = await anon.from(table).select('*')
      expect(error, table).toBeNull()
      expect(data, table).toEqual([])
    }
  })

  it('.single() with no rows is 406 PGRST116', async () => {
    const { data, error, status } = await customer.from('profiles').select('*').eq('id', adminId).single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 0 rows' })
  })

  it('count=exact reports the total in Content-Range', async () => {
    const { rows } = await standIn.db.query<{ n: number }>(`select count(*)::int as n from public.packages`)
    const { count, error, data } = await admin.from('packages').select('id', { count: 'exact' }).limit(2)
    expect(error).toBeNull()
    expect(data).toHaveLength(2)
    expect(count).toBe(rows[0]!.n)
    const response = await rawRest('packages?select=id&limit=2', { headers: { Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}`, Prefer: 'count=exact' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(`0-1/${rows[0]!.n}`)
  })

  it('orders, limits and ranges like PostgREST', async () => {
    const { rows } = await standIn.db.query<{ tracking_code: string }>(
      `select tracking_code from public.packages where user_id = $1 order by tracking_code desc nulls last`,
      [customerId],
    )
    const expected = rows.map((r) => r.tracking_code)
    const ordered = await customer.from('packages').select('tracking_code').order('tracking_code', { ascending: false, nullsFirst: false })
    expect(ordered.data?.map((r) => r.tracking_code)).toEqual(expected)
    const limited = await customer.from('packages').select('tracking_code').order('tracking_code', { ascending: false, nullsFirst: false }).limit(2)
    expect(limited.data?.map((r) => r.tracking_code)).toEqual(expected.slice(0, 2))
    const ranged = await customer.from('packages').select('tracking_code').order('tracking_code', { ascending: false, nullsFirst: false }).range(1, 3)
    expect(ranged.data?.map((r) => r.tracking_code)).toEqual(expected.slice(1, 4))
  })

  it('filters: in, neq, not, is, ilike, gte', async () => {
    const inList = await customer.from('packages').select('status').in('status', ['recibido', 'transito']).is('deleted_at', null)
    expect(new Set(inList.data?.map((r) => r.status))).toEqual(new Set(['recibido', 'transito']))
    const neq = await customer.from('packages').select('status').neq('status', 'recibido')
    expect(neq.data?.some((r) => r.status === 'recibido')).toBe(false)
    const not = await customer.from('packages').select('status').not('status', 'in', '(recibido,transito)')
    expect(not.data?.every((r) => !['recibido', 'transito'].includes(r.status))).toBe(true)
    const ilike = await admin.from('profiles').select('email').ilike('email', 'ADMIN@%')
    expect(ilike.data).toEqual([{ email: 'admin@example.com' }])
    const heavy = await customer.from('packages').select('weight_kg').gte('weight_kg', 2)
    expect(heavy.data?.every((r) => Number(r.weight_kg) >= 2)).toBe(true)
  })

  it('or/and filters (the admin user search)', async () => {
    const { data, error } = await admin.from('profiles').select('email').or('full_name.ilike.*demo*,email.ilike.*nobody*').order('email')
    expect(error).toBeNull()
    expect(data).toEqual([{ email: 'admin@example.com' }, { email: 'clerk@example.com' }, { email: 'cliente@example.com' }, { email: 'historia@example.com' }])
    const nested = await admin.from('profiles').select('email').or('role.eq.nobody,and(role.eq.admin,email.like.admin*)')
    expect(nested.data).toEqual([{ email: 'admin@example.com' }])
  })

  it('pull_packages returns the caller’s own rows as one jsonb value', async () => {
    const { data, error } = await customer.rpc('pull_packages', { p_since: '', p_limit: 500 })
    expect(error).toBeNull()
    expect(Array.isArray(data.packages)).toBe(true)
    expect(data.packages.length).toBeGreaterThanOrEqual(6)
    expect(data.packages.every((p: { user_id: string }) => p.user_id === customerId)).toBe(true)
  })

  it('a customer may edit their own name but not their role', async () => {
    const name = await customer.from('profiles').update({ full_name: 'Cliente Renombrado' }).eq('id', customerId).select('full_name').single()
    expect(name.data).toEqual({ full_name: 'Cliente Renombrado' })
    const role = await customer.from('profiles').update({ role: 'admin' }).eq('id', customerId)
    expect(role.status).toBe(403)
    expect(role.error?.code).toBe('42501')
  })
})

describe('PostgREST errors', () => {
  it('an unknown table is 404 42P01', async () => {
    const { error, status } = await anon.from('secrets').select('*')
    expect(status).toBe(404)
    expect(error).toMatchObject({ code: '42P01', message: 'relation "public.secrets" does not exist' })
  })

  it('an unknown column is 400 42703', async () => {
    const { error, status } = await admin.from('packages').select('id, password')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '42703', message: 'column packages.password does not exist' })
  })

  it('injection attempts are 400 and change nothing', async () => {
    for (const query of ['select=id;drop table packages', 'order=id;--', 'order=id.desc;delete from packages', 'id=eq.1;drop table packages', 'limit=1;drop']) {
      const response = await rawRest(`packages?${query}`, { headers: { Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` } })
      expect(response.status, query).toBe(400)
    }
    const evil = await rawRest(`packages?tracking_code=eq.${encodeURIComponent("x' or '1'='1")}`, { headers: { Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` } })
    expect(await evil.json()).toEqual([])
    const { rows } = await standIn.db.query<{ n: number }>(`select count(*)::int as n from public.packages`)
    expect(rows[0]!.n).toBeGreaterThan(0)
  })

  it('a bad or expired JWT is 401 PGRST301', async () => {
    const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET)
    const expired = await new SignJWT({ role: 'authenticated', sub: customerId }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(secret)
    const response = await rawRest('profiles?select=id', { headers: { Authorization: `Bearer ${expired}` } })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'PGRST301', message: 'JWT expired' })
    const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'))
    const bad = await rawRest('profiles?select=id', { headers: { Authorization: `Bearer ${forged}` } })
    expect(bad.status).toBe(401)
    expect((await bad.json()).code).toBe('PGRST301')
  })

  it('hard deletes are refused to admins (403) and allowed to service_role', async () => {
    const { pkg } = await createPackage()
    const asAdmin = await admin.from('packages').delete().eq('id', pkg.id)
    expect(asAdmin.status).toBe(403)
    const service = serviceClient(standIn.url)
    const { data, error, status } = await service.from('packages').delete().eq('id', pkg.id).select('id')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([{ id: pkg.id }])
  })

  it('upserts merge on the primary key', async () => {
    const { pkg } = await createPackage()
    const service = serviceClient(standIn.url)
    const { data, error, status } = await service
      .from('packages')
      .upsert({ id: pkg.id, user_id: customerId, locker_code: 'MIA100002', tracking_code: 'UPSERTED' })
      .select('id, tracking_code, version')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual({ id: pkg.id, tracking_code: 'UPSERTED', version: 2 })
  })

  it('CORS: a local origin is reflected and Content-Range exposed', async () => {
    const response = await rawRest('packages?select=id', { headers: { Origin: 'http://127.0.0.1:5173' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range')
    const foreign = await rawRest('packages?select=id', { headers: { Origin: 'https://example.net' } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })
})
