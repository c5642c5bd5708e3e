import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Transaction } from '@electric-sql/pglite'
import { createClient, type RealtimeChannel, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signJwt } from '../../supabase/local/jwt'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { realtimeClientOptions } from '../support/node-supabase'
import { demoAdmin, demoCustomer, startTestStandIn } from './helpers'

// supabase-js clients subscribe to the stand-in's Realtime exactly as the app does against Supabase.

const customerId = 'c0000000-0000-4000-8000-000000000001'
const adminId = 'a0000000-0000-4000-8000-000000000001'
const ISO_MILLISECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

interface Listener {
  client: SupabaseClient
  channel: RealtimeChannel
  changes: Change[]
  system: { extension: string; status: string; message: string; channel: string }[]
  statuses: string[]
}

let standIn: StandIn
const clients: SupabaseClient[] = []

beforeAll(async () => {
  standIn = await startTestStandIn()
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.removeAllChannels()))
})

afterAll(async () => {
  await standIn?.close()
})

function realtimeClient(url = standIn.url, key = SUPABASE_LOCAL_ANON_KEY): SupabaseClient {
  const client = createClient(url, key, realtimeClientOptions)
  clients.push(client)
  return client
}

/** A client whose realtime joins with this token (as supabase-js does after a sign-in). */
async function clientWithToken(token: string, url = standIn.url): Promise<SupabaseClient> {
  const client = realtimeClient(url)
  await client.realtime.setAuth(token)
  return client
}

async function signedIn(credentials: { email: string; password: string }): Promise<SupabaseClient> {
  const client = realtimeClient()
  const { error } = await client.auth.signInWithPassword(credentials)
  if (error) throw error
  return client
}

async function tokenFor(sub: string, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresIn })
}

async function createCustomer(db = standIn.db): Promise<{ id: string; token: string }> {
  const id = randomUUID()
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '{}', now(), now())`,
    [id, `rt-${id.slice(0, 8)}@example.test`],
  )
  return { id, token: await tokenFor(id) }
}

/** Inserts a package as the database owner, as a warehouse import would. */
async function insertPackage(userId: string, fields: { weight_kg?: number; status?: string } = {}, db: Pick<Transaction, 'query'> = standIn.db): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.packages (user_id, tracking_code, weight_kg, status) values ($1, $2, $3, $4) returning id`,
    [userId, `RT-${randomUUID().slice(0, 8)}`, fields.weight_kg ?? 1, fields.status ?? 'recibido'],
  )
  return rows[0]!.id
}

/** Subscribes like the app: resolves once SUBSCRIBED, rejects on a channel error or timeout. */
async function listen(client: SupabaseClient, name: string, table: string, filter?: string): Promise<Listener> {
  const channel = client.channel(`${name}-${randomUUID().slice(0, 8)}`)
  const listener: Listener = { client, channel, changes: [], system: [], statuses: [] }
  channel
    .on('postgres_changes', { event: '*', schema: 'public', table, filter }, (payload: Change) => void listener.changes.push(payload))
    .on('system', {}, (payload: Listener['system'][number]) => void listener.system.push(payload))
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      listener.statuses.push(status)
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
  return listener
}

/** The subscription's first status and error, whatever it is. */
function joinOutcome(client: SupabaseClient, table: string): Promise<[string, Error | undefined]> {
  return new Promise((resolve) => {
    client
      .channel(`refused-${randomUUID().slice(0, 8)}`)
      .on('postgres_changes', { event: '*', schema: 'public', table }, () => {})
      .subscribe((status, error) => resolve([status, error]))
  })
}

async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Every change made before this call has reached each of these listeners, if it was going to: a
 * later change that anyone may see (a rate, public prices) has arrived on each of their sockets.
 * The stand-in delivers changes in commit order, and a socket keeps its order: whatever did not
 * come before the fence is not coming. (A fixed wait would pass whenever delivery is merely slow.)
 */
async function fence(listeners: Listener[]) {
  const sockets = [...new Set(listeners.map((listener) => listener.client))]
  const fences = await Promise.all(sockets.map((client) => listen(client, 'fence', 'rates')))
  await standIn.db.query(`update public.rates set value = value where key = 'photos_cents'`)
  await waitFor(() => fences.every((fence) => fence.changes.length > 0), 'the fence to reach every socket')
}

const rowIds = (listener: Listener) => listener.changes.map((change) => (change.eventType === 'DELETE' ? change.old.id : change.new.id))

describe('postgres_changes through supabase-js', () => {
  it('subscribes, then delivers INSERT, UPDATE and DELETE as Realtime shapes them', async () => {
    const customer = await signedIn(demoCustomer)
    const listener = await listen(customer, 'own-packages', 'packages')
    expect(listener.statuses).toEqual(['SUBSCRIBED'])
    await waitFor(() => listener.system.length > 0, 'the subscription notice')
    expect(listener.system).toEqual([
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: expect.stringMatching(/^own-packages-/) },
    ])

    const service = realtimeClient(standIn.url, SUPABASE_LOCAL_SERVICE_ROLE_KEY)
    const inserted = await service.from('packages').insert({ user_id: customerId, tracking_code: 'RT-CRUD', weight_kg: 2 }).select().single()
    expect(inserted.error).toBeNull()
    const id = (inserted.data as { id: string }).id
    expect((await service.from('packages').update({ weight_kg: 3 }).eq('id', id)).error).toBeNull()
    expect((await service.from('packages').delete().eq('id', id)).error).toBeNull()

    await waitFor(() => listener.changes.length === 3, 'three changes')
    const [insert, update, remove] = listener.changes
    expect(insert).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'packages', old: {}, errors: null })
    expect(insert!.new).toMatchObject({ id, user_id: customerId, tracking_code: 'RT-CRUD', weight_kg: 2, status: 'recibido', version: 1 })
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { id, weight_kg: 3, version: 2 }, old: { id } })
    expect(remove).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } })
    // RLS cannot vouch for a deleted row: only its primary key leaves.
    expect(Object.keys(remove!.old)).toEqual(['id'])
    for (const change of listener.changes) expect(change.commit_timestamp).toMatch(ISO_MILLISECONDS)
  })

  it('delivers writes made straight in SQL, at commit, and nothing of a rolled-back transaction', async () => {
    const admin = await signedIn(demoAdmin)
    const listener = await listen(admin, 'sql-writes', 'packages')
    await standIn.db.transaction(async (tx) => {
      await tx.query(`insert into public.packages (user_id, tracking_code) values ($1, 'RT-ROLLBACK')`, [customerId])
      await tx.rollback()
    })
    const ids = await standIn.db.transaction(async (tx) => [await insertPackage(customerId, {}, tx), await insertPackage(customerId, {}, tx)])
    await waitFor(() => listener.changes.length === 2, 'both inserts')
    expect(rowIds(listener)).toEqual(ids)
  })
})

describe("the app's live channel", () => {
  /** src/remote/live-changes.ts: one channel, a postgres_changes binding per table. */
  async function liveChannel(client: SupabaseClient, tables: { table: string; filter?: string }[]) {
    const heard: string[] = []
    const channel = client.channel(`changes-${randomUUID().slice(0, 8)}`)
    for (const { table, filter } of tables) {
      channel.on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, () => void heard.push(table))
    }
    await new Promise<void>((resolve, reject) => channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : reject(error ?? new Error(status)))))
    return heard
  }

  it("tells a customer of their own package and profile, and an admin of everyone's", async () => {
    const customer = await liveChannel(await signedIn(demoCustomer), [
      { table: 'packages', filter: `user_id=eq.${customerId}` },
      { table: 'profiles', filter: `id=eq.${customerId}` },
      { table: 'lockers', filter: `user_id=eq.${customerId}` },
    ])
    const admin = await liveChannel(await signedIn(demoAdmin), [{ table: 'packages' }, { table: 'profiles' }, { table: 'lockers' }])
    await insertPackage(customerId)
    await standIn.db.query(`update public.profiles set phone = '+1 305 555 0100' where id = $1`, [customerId])
    await waitFor(() => customer.length === 2 && admin.length === 2, 'both channels to hear both changes')
    expect(customer).toEqual(['packages', 'profiles'])
    expect(admin).toEqual(['packages', 'profiles'])
  })
})

describe('RLS decides who receives a change', () => {
  it("never gives a customer another's rows, filtered or not; anon gets none; an admin gets all", async () => {
    const alice = await createCustomer()
    const bob = await createCustomer()
    const aliceOwn = await listen(await clientWithToken(alice.token), 'alice-own', 'packages', `user_id=eq.${alice.id}`)
    const aliceAll = await listen(await clientWithToken(alice.token), 'alice-all', 'packages')
    const aliceSpying = await listen(await clientWithToken(alice.token), 'alice-spying', 'packages', `user_id=eq.${bob.id}`)
    const bobAll = await listen(await clientWithToken(bob.token), 'bob-all', 'packages')
    const anon = await listen(realtimeClient(), 'anon', 'packages')
    const admin = await listen(await signedIn(demoAdmin), 'admin', 'packages')

    const bobsPackage = await insertPackage(bob.id)
    const alicesPackage = await insertPackage(alice.id)
    await standIn.db.query(`update public.packages set weight_kg = 9 where id = $1`, [bobsPackage])
    await waitFor(() => admin.changes.length === 3, 'the admin to get all three changes')
    await standIn.db.query(`delete from public.packages where id = $1`, [bobsPackage])

    await waitFor(() => admin.changes.length === 4 && bobAll.changes.length === 3, 'the delete')
    await waitFor(() => aliceOwn.changes.length === 1 && aliceAll.changes.length === 2, "Alice's changes")
    await fence([admin, bobAll, aliceOwn, aliceAll, aliceSpying, anon])
    expect(rowIds(admin)).toEqual([bobsPackage, alicesPackage, bobsPackage, bobsPackage])
    expect(rowIds(bobAll)).toEqual([bobsPackage, bobsPackage, bobsPackage])
    expect(rowIds(aliceOwn)).toEqual([alicesPackage])
    // A delete skips RLS (Realtime cannot check a row that is gone): every signed-in subscriber
    // without a filter learns the id, and nothing else. A filter on user_id cannot match it.
    expect(aliceAll.changes.map((change) => [change.eventType, change.eventType === 'DELETE' ? change.old : change.new.id])).toEqual([
      ['INSERT', alicesPackage],
      ['DELETE', { id: bobsPackage }],
    ])
    expect(aliceSpying.changes).toEqual([])
    expect(anon.changes).toEqual([])
  })

  it("keeps profiles private the same way, and tells only admins of a profile's tombstone", async () => {
    const alice = await createCustomer()
    const bob = await createCustomer()
    const aliceProfiles = await listen(await clientWithToken(alice.token), 'alice-profiles', 'profiles')
    const aliceTombstones = await listen(await clientWithToken(alice.token), 'alice-tombstones', 'deleted_profiles')
    const adminClient = await signedIn(demoAdmin)
    const adminProfiles = await listen(adminClient, 'admin-profiles', 'profiles')
    const adminTombstones = await listen(adminClient, 'admin-tombstones', 'deleted_profiles')

    await standIn.db.query(`update public.profiles set full_name = 'Bob Renamed' where id = $1`, [bob.id])
    await standIn.db.query(`update public.profiles set full_name = 'Alice Renamed' where id = $1`, [alice.id])
    // RLS is checked on the row as it is at delivery (so does Realtime): a row deleted by then is not delivered.
    await waitFor(() => adminProfiles.changes.length === 2, 'the admin to get both renames')
    await standIn.db.query(`delete from auth.users where id = $1`, [bob.id])
    await waitFor(() => adminTombstones.changes.length === 1 && adminProfiles.changes.length === 3, "the admin to hear of Bob's deletion")
    await fence([adminProfiles, adminTombstones, aliceProfiles, aliceTombstones])
    expect(adminProfiles.changes.map((change) => change.eventType)).toEqual(['UPDATE', 'UPDATE', 'DELETE'])
    expect(adminTombstones.changes[0]).toMatchObject({ eventType: 'INSERT', new: { id: bob.id } })
    // Alice sees her own rename, and (as Supabase does for any delete) that some profile id is gone.
    expect(aliceProfiles.changes.map((change) => [change.eventType, change.eventType === 'DELETE' ? change.old : change.new.full_name])).toEqual([
      ['UPDATE', 'Alice Renamed'],
      ['DELETE', { id: bob.id }],
    ])
    expect(aliceTombstones.changes).toEqual([])
  })

  it('applies eq, neq, lt, lte, gt, gte and in with the column type', async () => {
    const admin = await signedIn(demoAdmin)
    const filters = ['weight_kg=eq.5', 'weight_kg=neq.5', 'weight_kg=lt.5', 'weight_kg=lte.5', 'weight_kg=gt.5', 'weight_kg=gte.5', 'status=in.(transito,aduana)']
    const listeners = await Promise.all(filters.map((filter, i) => listen(admin, `filter-${i}`, 'packages', filter)))
    const light = await insertPackage(customerId, { weight_kg: 1.5, status: 'transito' })
    const exact = await insertPackage(customerId, { weight_kg: 5.0 })
    const heavy = await insertPackage(customerId, { weight_kg: 20, status: 'aduana' })
    await waitFor(() => listeners[5]!.changes.length === 2, 'the gte subscription')
    await fence(listeners)
    expect(listeners.map(rowIds)).toEqual([[exact], [light, heavy], [light], [light, exact], [heavy], [exact, heavy], [light, heavy]])
  })

  // How fast is the realtime bench's to say (`npm run bench -- realtime`), not a test's on a busy machine.
  it('gets 50 customers their own rows at once, each only theirs, filtered or not', async () => {
    const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer()))
    const listeners = await Promise.all(
      customers.map(async (customer, i) =>
        listen(await clientWithToken(customer.token), `crowd-${i}`, 'packages', i % 2 === 0 ? `user_id=eq.${customer.id}` : undefined),
      ),
    )
    await standIn.db.query(
      `insert into public.packages (user_id, tracking_code) select id, 'RT-CROWD-' || id from unnest($1::uuid[]) id`,
      [customers.map((customer) => customer.id)],
    )
    await waitFor(() => listeners.every((listener) => listener.changes.length === 1), 'every customer to get a row')
    await fence(listeners)
    listeners.forEach((listener, i) => {
      expect(listener.changes).toHaveLength(1)
      expect(listener.changes[0]).toMatchObject({ eventType: 'INSERT', new: { user_id: customers[i]!.id } })
    })
  })
})

describe('tokens', () => {
  it('refuses a join with an expired, forged or malformed token', async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await signJwt({ sub: customerId, role: 'authenticated', iat: now - 120, exp: now - 60 })
    const forged = await new SignJWT({ sub: customerId, role: 'service_role', exp: now + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-project-secret-but-just-as-long-as-it'))
    const outcomes = await Promise.all([expired, forged, 'not-a-jwt'].map(async (token) => joinOutcome(await clientWithToken(token), 'packages')))
    expect(outcomes.map(([status]) => status)).toEqual(['CHANNEL_ERROR', 'CHANNEL_ERROR', 'CHANNEL_ERROR'])
    expect(outcomes.map(([, error]) => error?.message)).toEqual([
      expect.stringMatching(/^InvalidJWTToken: Token has expired \d+ seconds ago$/),
      'JwtSignatureError: Failed to validate JWT signature',
      'MalformedJWT: The token provided is not a valid JWT',
    ])
  })

  it('reports a table outside the publication and a filter on an unknown column, as Realtime does', async () => {
    const admin = await signedIn(demoAdmin)
    const unpublished = await listen(admin, 'events', 'package_events')
    const badFilter = await listen(admin, 'bad-filter', 'packages', 'colour=eq.red')
    await waitFor(() => unpublished.system.length > 0 && badFilter.system.length > 0, 'the subscription notices')
    expect(unpublished.system[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: expect.stringMatching(/^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled/),
    })
    expect(badFilter.system[0]!.message).toMatch(/Exception: invalid column for filter colour$/)
  })

  it('answers an anonymous join as Realtime does (joined, then refused), and subscribes it once the user’s token comes', async () => {
    const alice = await createCustomer()
    // The token realtime-js asks for at each (re)join, as supabase-js gives it: none yet (the anon key), then the user's.
    let token: string = SUPABASE_LOCAL_ANON_KEY
    const client = createClient(standIn.url, SUPABASE_LOCAL_ANON_KEY, { ...realtimeClientOptions, accessToken: async () => token })
    clients.push(client)
    // Prealerts, as the app's channel asks for them: the anonymous role may not read that table at all.
    const listener = await listen(client, 'anonymous', 'prealerts', `user_id=eq.${alice.id}`)
    expect(listener.statuses).toEqual(['SUBSCRIBED'])
    await waitFor(() => listener.system.length > 0, 'the subscription notice')
    expect(listener.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error', message: expect.stringMatching(/invalid column for filter user_id$/) })

    token = alice.token
    await client.realtime.setAuth()
    await waitFor(() => listener.system.length > 1, 'the notice for the signed-in subscriber')
    expect(listener.system[1]).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' })
    const { rows } = await standIn.db.query<{ id: string }>(
      `insert into public.prealerts (user_id, tracking_code, store, description, declared_value_usd) values ($1, $2, 'Amazon', 'Book', 10) returning id`,
      [alice.id, `RT${randomUUID().slice(0, 8).toUpperCase()}`],
    )
    await waitFor(() => listener.changes.length > 0, "Alice's prealert")
    expect(rowIds(listener)).toEqual([rows[0]!.id])
  })

  it('confirms a signed-in join’s subscriptions with a system notice', async () => {
    const alice = await createCustomer()
    const listener = await listen(await clientWithToken(alice.token), 'confirmed', 'prealerts', `user_id=eq.${alice.id}`)
    await waitFor(() => listener.system.length > 0, 'the subscription notice')
    const { rows } = await standIn.db.query<{ id: string }>(
      `insert into public.prealerts (user_id, tracking_code, store, description, declared_value_usd) values ($1, $2, 'Amazon', 'Book', 10) returning id`,
      [alice.id, `RT${randomUUID().slice(0, 8).toUpperCase()}`],
    )
    await waitFor(() => listener.changes.length > 0, "Alice's prealert")
    expect(rowIds(listener)).toEqual([rows[0]!.id])
    expect(listener.system).toEqual([{ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: expect.any(String) }])
  })

  it('follows a refreshed token, and closes the channel when a token expires', async () => {
    const alice = await createCustomer()
    const bob = await createCustomer()
    const aliceClient = await clientWithToken(await tokenFor(alice.id, 3))
    const refreshed = await listen(aliceClient, 'refreshed', 'packages')
    const expiring = await listen(await clientWithToken(await tokenFor(bob.id, 3)), 'expiring', 'packages')
    const anonClient = realtimeClient()
    const signingIn = await listen(anonClient, 'signing-in', 'packages')

    await aliceClient.realtime.setAuth(await tokenFor(alice.id))
    await anonClient.realtime.setAuth(await tokenFor(bob.id))
    await waitFor(() => expiring.statuses.includes('CLOSED'), "the expired token's channel to close", 5000)
    expect(expiring.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) })

    const alicesPackage = await insertPackage(alice.id)
    const bobsPackage = await insertPackage(bob.id)
    await waitFor(() => refreshed.changes.length === 1 && signingIn.changes.length === 1, 'both refreshed subscribers')
    // The expired one is closed: nothing reaches a closed channel.
    await fence([refreshed, signingIn])
    expect(rowIds(refreshed)).toEqual([alicesPackage])
    expect(rowIds(signingIn)).toEqual([bobsPackage])
    expect(expiring.changes).toEqual([])
  })
})

describe('the WebSocket endpoint', () => {
  const endpoint = (query: string) => `${standIn.url.replace('http', 'ws')}/realtime/v1/websocket${query}`

  /** A raw socket and the frames it receives, decoded. */
  async function rawSocket(query = `?apikey=${SUPABASE_LOCAL_ANON_KEY}&vsn=2.0.0`) {
    const socket = new WebSocket(endpoint(query))
    const received: unknown[] = []
    socket.on('message', (data) => received.push(JSON.parse(String(data))))
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const next = async () => {
      await waitFor(() => received.length > 0, 'a frame')
      return received.shift()
    }
    return { socket, next, closed }
  }

  function refusal(query: string, path = '/realtime/v1/websocket'): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${standIn.url.replace('http', 'ws')}${path}${query}`)
      socket.on('unexpected-response', (_request, response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }))
      })
      socket.on('open', () => reject(new Error('the upgrade was accepted')))
      socket.on('error', () => {})
    })
  }

  it('refuses an upgrade without a valid API key, as the gateway does', async () => {
    expect(await refusal('?vsn=2.0.0')).toEqual({ status: 401, body: expect.objectContaining({ message: 'No API key found in request' }) })
    expect(await refusal('?apikey=nope&vsn=2.0.0')).toEqual({ status: 401, body: expect.objectContaining({ message: 'Invalid API key' }) })
    expect((await refusal(`?apikey=${SUPABASE_LOCAL_ANON_KEY}`, '/realtime/v1/elsewhere')).status).toBe(404)
  })

  it('answers heartbeats, unknown topics and unknown events, and joins with the V2 frames', async () => {
    const { socket, next } = await rawSocket()
    const send = (frame: unknown[]) => socket.send(JSON.stringify(frame))
    send([null, '1', 'phoenix', 'heartbeat', {}])
    expect(await next()).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    send([null, '2', 'realtime:nobody', 'broadcast', {}])
    expect(await next()).toEqual([null, '2', 'realtime:nobody', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }])
    send(['3', '3', 'elsewhere', 'phx_join', {}])
    expect(await next()).toEqual(['3', '3', 'elsewhere', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }])

    const changes = [{ event: 'INSERT', schema: 'public', table: 'packages' }]
    send(['4', '4', 'realtime:raw', 'phx_join', { config: { postgres_changes: changes } }])
    expect(await next()).toEqual(['4', '4', 'realtime:raw', 'phx_reply', { status: 'ok', response: { postgres_changes: [{ ...changes[0], id: expect.any(Number) }] } }])
    expect(await next()).toEqual(['4', null, 'realtime:raw', 'system', { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'raw' }])
    send(['4', '5', 'realtime:raw', 'presence', { type: 'presence', event: 'track', payload: {} }])
    expect(await next()).toMatchObject(['4', '5', 'realtime:raw', 'phx_reply', { status: 'error' }])
    send(['4', '6', 'realtime:raw', 'phx_leave', {}])
    expect(await next()).toEqual(['4', '6', 'realtime:raw', 'phx_reply', { status: 'ok', response: {} }])
    expect(await next()).toEqual(['4', '4', 'realtime:raw', 'phx_close', {}])
    socket.close()
  })

  it("speaks vsn 1.0.0, Phoenix's default, as JSON objects", async () => {
    const { socket, next } = await rawSocket(`?apikey=${SUPABASE_LOCAL_ANON_KEY}`)
    socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }))
    expect(await next()).toEqual({ join_ref: null, ref: '1', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } })
    socket.close()
  })

  it('closes a socket that sends what is no message, and stays up', async () => {
    const notJson = await rawSocket()
    notJson.socket.send('{ not json')
    expect(await notJson.closed).toBe(1007)

    const wrongShape = await rawSocket()
    wrongShape.socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat' }))
    expect(await wrongShape.closed).toBe(1007)

    const binary = await rawSocket()
    binary.socket.send(Buffer.from([3, 0, 0]))
    expect(await binary.closed).toBe(1003)

    const huge = await rawSocket()
    huge.socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { padding: 'x'.repeat(2 * 1024 * 1024) }]))
    expect(await huge.closed).toBe(1009)

    const healthy = await rawSocket()
    healthy.socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]))
    expect(await healthy.next()).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    healthy.socket.close()
    const { status } = await fetch(`${standIn.url}/rest/v1/packages?select=id&limit=1`, { headers: { apikey: SUPABASE_LOCAL_ANON_KEY } })
    expect(status).toBe(200)
  })
})

describe('a restart', () => {
  it('is survived: supabase-js reconnects, rejoins and receives again', { timeout: 30_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casillero-realtime-'))
    let first: StandIn | undefined = await startTestStandIn({ dataDir })
    let second: StandIn | undefined
    try {
      const { port } = first
      const listener = await listen(await clientWithToken(await tokenFor(adminId), first.url), 'restart', 'packages')
      await first.close()
      first = undefined
      const stopped = performance.now()
      second = await startTestStandIn({ dataDir, port })
      await waitFor(() => listener.statuses.filter((status) => status === 'SUBSCRIBED').length === 2, 'the rejoin', 15_000)
      console.info(`rejoined ${((performance.now() - stopped) / 1000).toFixed(1)} s after the stand-in stopped`)
      const id = await insertPackage(customerId, {}, second.db)
      await waitFor(() => listener.changes.length === 1, 'a change from the restarted stand-in')
      expect(rowIds(listener)).toEqual([id])
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.removeAllChannels()))
      await first?.close()
      await second?.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
