// A seeded fuzzer: a few hundred requests made by mutating valid ones (method, path, PostgREST
// query operators, headers, JSON bodies), sent over raw sockets. No answer may be a 5xx or fail to
// arrive, every error must come in a JSON shape supabase-js reads, nothing may be logged as an
// unexpected failure, and the stand-in must still serve afterwards.
// A failure prints its seed: FUZZ_SEED=<seed> npx vitest run --project backend tests/backend/fuzz.test.ts
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signJwt } from '../../supabase/local/jwt'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, demoCustomer, seededToken, startTestStandIn } from './helpers'
import { rawRequest, requestText } from './raw-http'

const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const REQUESTS = 400

const customerId = 'c0000000-0000-4000-8000-000000000001'

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }

  chance(p: number): boolean {
    return this.next() < p
  }
}

interface FuzzRequest {
  method: string
  path: string
  /** Already percent-encoded, so mutations can break the encoding too. */
  query: [string, string][]
  headers: Record<string, string>
  body?: unknown
  /** The body as sent; when set, `body` is ignored. */
  rawBody?: string
}

interface Tokens {
  customer: string
  admin: string
  refresh: string
  odd: string[]
}

const json = { 'Content-Type': 'application/json' }
const anonKey = { apikey: SUPABASE_LOCAL_ANON_KEY }
const serviceKey = { apikey: SUPABASE_LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` }

/** Requests the app (through supabase-js) really makes, or could. */
function templates(tokens: Tokens): FuzzRequest[] {
  const customer = { ...anonKey, Authorization: `Bearer ${tokens.customer}` }
  const admin = { ...anonKey, Authorization: `Bearer ${tokens.admin}` }
  const statusChange = { p_op_id: '9a0f2b9e-1f43-4b47-9d0e-000000000001', p_package_id: customerId, p_status: 'transito', p_changed_at: null, p_base_version: 1 }
  return [
    { method: 'GET', path: '/rest/v1/packages', query: [['select', 'id,status,tracking_code'], ['status', 'eq.recibido'], ['order', 'created_at.desc.nullslast'], ['limit', '5']], headers: customer },
    { method: 'GET', path: '/rest/v1/packages', query: [['select', '*'], ['weight_kg', 'gte.1.5'], ['deleted_at', 'is.null'], ['offset', '1']], headers: { ...admin, Prefer: 'count=exact', Range: '0-9' } },
    { method: 'HEAD', path: '/rest/v1/packages', query: [['select', 'id']], headers: { ...admin, Prefer: 'count=exact' } },
    { method: 'GET', path: '/rest/v1/profiles', query: [['select', 'email,role'], ['or', '(full_name.ilike.*demo*,email.ilike.*x*,and(role.eq.admin,email.like.admin*))']], headers: admin },
    { method: 'GET', path: '/rest/v1/profiles', query: [['select', 'id'], ['id', `eq.${customerId}`]], headers: { ...customer, Accept: 'application/vnd.pgrst.object+json' } },
    { method: 'GET', path: '/rest/v1/lockers', query: [['select', 'code:user_id'], ['user_id', `in.(${customerId},"a,b")`]], headers: customer },
    { method: 'GET', path: '/rest/v1/package_events', query: [['select', 'status,outcome'], ['status', 'not.in.(recibido,transito)']], headers: admin },
    { method: 'POST', path: '/rest/v1/rpc/get_package_by_token', query: [], headers: { ...anonKey, ...json }, body: { p_token: seededToken(1) } },
    { method: 'GET', path: '/rest/v1/rpc/get_package_by_token', query: [['p_token', seededToken(2)]], headers: anonKey },
    { method: 'POST', path: '/rest/v1/rpc/pull_packages', query: [], headers: { ...customer, ...json }, body: { p_since: '', p_limit: 50 } },
    { method: 'POST', path: '/rest/v1/rpc/apply_package_status', query: [], headers: { ...admin, ...json }, body: statusChange },
    {
      method: 'POST',
      path: '/rest/v1/packages',
      query: [['select', 'id,version']],
      headers: { ...admin, ...json, Prefer: 'return=representation' },
      body: { user_id: customerId, locker_code: 'MIA100002', status: 'recibido', tracking_code: 'FUZZ-1', weight_kg: 1.5, volume_m3: 0.02, meta: { note: 'x' } },
    },
    {
      method: 'POST',
      path: '/rest/v1/packages',
      query: [['on_conflict', 'id']],
      headers: { ...serviceKey, ...json, Prefer: 'resolution=merge-duplicates,return=minimal,missing=default' },
      body: [{ user_id: customerId, locker_code: 'MIA100002', tracking_code: 'FUZZ-2' }],
    },
    { method: 'PATCH', path: '/rest/v1/packages', query: [['tracking_code', 'eq.FUZZ-1']], headers: { ...admin, ...json, Prefer: 'return=representation' }, body: { weight_kg: 2, meta: { a: [1, 2] } } },
    { method: 'PATCH', path: '/rest/v1/profiles', query: [['id', `eq.${customerId}`]], headers: { ...customer, ...json }, body: { full_name: 'Fuzzed Name', phone: '+1 555' } },
    { method: 'DELETE', path: '/rest/v1/packages', query: [['tracking_code', 'eq.FUZZ-2']], headers: { ...serviceKey, Prefer: 'return=representation' } },
    { method: 'GET', path: '/rest/v1/', query: [], headers: anonKey },
    { method: 'GET', path: '/auth/v1/health', query: [], headers: anonKey },
    { method: 'GET', path: '/auth/v1/settings', query: [], headers: anonKey },
    { method: 'GET', path: '/auth/v1/user', query: [], headers: customer },
    { method: 'PUT', path: '/auth/v1/user', query: [], headers: { ...customer, ...json }, body: { data: { full_name: 'Fuzz', nested: { a: 1 } } } },
    { method: 'POST', path: '/auth/v1/token', query: [['grant_type', 'password']], headers: { ...anonKey, ...json }, body: { email: demoCustomer.email, password: demoCustomer.password } },
    { method: 'POST', path: '/auth/v1/token', query: [['grant_type', 'refresh_token']], headers: { ...anonKey, ...json }, body: { refresh_token: tokens.refresh } },
    { method: 'POST', path: '/auth/v1/signup', query: [], headers: { ...anonKey, ...json }, body: { email: 'fuzz@example.com', password: 'secret-pass-1', data: { full_name: 'F' } } },
    { method: 'POST', path: '/auth/v1/recover', query: [['redirect_to', 'http%3A%2F%2Flocalhost%3A4173%2Fen%2Freset-password']], headers: { ...anonKey, ...json }, body: { email: demoCustomer.email } },
    { method: 'POST', path: '/auth/v1/verify', query: [], headers: { ...anonKey, ...json }, body: { type: 'recovery', email: demoCustomer.email, token: '123456' } },
    { method: 'GET', path: '/auth/v1/verify', query: [['token', 'abc'], ['type', 'signup'], ['redirect_to', 'http%3A%2F%2Flocalhost%3A4173%2Fauth%2Fcallback']], headers: {} },
    { method: 'POST', path: '/auth/v1/logout', query: [['scope', 'local']], headers: customer },
    { method: 'GET', path: '/_dev/mail', query: [], headers: {} },
    { method: 'OPTIONS', path: '/rest/v1/packages', query: [], headers: { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'apikey, content-type' } },
  ]
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO']
const PATHS = ['/rest/v1/packages', '/rest/v1/rpc/get_package_by_token', '/rest/v1/rpc/nope', '/rest/v1/secrets', '/rest/v1', '/auth/v1/token', '/auth/v1/user', '/auth/v1/verify', '/auth/v1', '/_dev/mail', '/realtime/v1/websocket', '/', '/rest/v1/rpc']
// Pieces that break names, values and encodings.
const FRAGMENTS = ['%00', '%zz', '%E0%A4%A', '%ff%fe', '%C3%A9', '%22', "'", ';', '(', ')', ',', '.', '*', ':', '::text', '--', '/', '//', '..', '%2F', '[', ']', '{', '}', '\\', '%5C', '"a""b"', 'x'.repeat(300), '%F0%9F%98%80', '%ED%A0%80']
const FILTER_VALUES = ['eq.1', 'neq.a', 'gt.2026-01-01', 'gte.1e999', 'lt.-1', 'lte.NaN', 'like.*%', 'ilike.%00', 'in.()', 'in.(a,"b,c",)', 'in.(', 'is.null', 'is.maybe', 'not.eq.1', 'not.not.eq.1', 'cs.{1}', 'fts.x', 'eq', '', 'eq.%00', 'eq.99999999999999999999999999']
const LOGIC = ['(a.eq.1)', '(status.eq.recibido,and(weight_kg.gt.1,id.is.null))', '(', '()', '(status.eq.x,or(', `(${'and('.repeat(20)}id.eq.1${')'.repeat(20)})`, '(not.and(id.eq.1,id.eq.2))', '(id.eq."a,b")']
const RESERVED_VALUES: Record<string, string[]> = {
  select: ['*', 'id,status', 'a:id', '"odd name"', 'id::text', 'profiles(*)', '%00', ',', 'count()', '"a%00b":id', 'x'.repeat(100)],
  order: ['id.desc', 'id.sideways', 'a.asc.nullsfirst', 'id;drop', '"id"', ',', 'id.desc.desc'],
  limit: ['0', '-1', 'abc', '99999999999', '1.5', ''],
  offset: ['0', '-5', 'x', '1e3', '1000000'],
  columns: ['id', '"a%00"', 'tracking_code,weight_kg', ''],
  on_conflict: ['id', 'nope', '"a"'],
  apikey: [SUPABASE_LOCAL_ANON_KEY, 'wrong', ''],
}
const HEADER_VALUES: Record<string, string[]> = {
  Prefer: ['return=representation', 'count=exact', 'count=planned,return=minimal', 'missing=default', 'resolution=ignore-duplicates', 'handling=strict', 'return=', '=', ',,,', 'tx=rollback'],
  Range: ['0-9', '5-', '9-0', 'items=0-0', 'bytes=0-1', '-', '0-99999999999999999999', 'x'],
  Accept: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*', 'application/vnd.pgrst.plan', 'nonsense'],
  'Content-Type': ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'text/csv', 'multipart/form-data; boundary=x', '', 'application/vnd.pgrst.object+json'],
  'Accept-Profile': ['public', 'auth', 'pg_catalog', ''],
  'Content-Profile': ['public', 'storage'],
  Origin: ['http://localhost:4173', 'https://evil.example', 'null'],
  Host: ['127.0.0.1', 'localhost:54321', 'evil.example', '[::1]'],
  'X-Client-Info': ['supabase-js/2', ''],
}

/** A random JSON value; `depth` bounds its nesting unless a deep one is asked for. */
function randomValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 8 : 11)) {
    case 0:
      return null
    case 1:
      return random.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 32.0001])
    case 2:
      return random.pick(['', 'a', 'a\u0000b', '\u0000', 'é', '\ud800', 'x'.repeat(10_000), '2026-13-45', 'not-a-uuid', seededToken(3), "' or '1'='1"])
    case 3:
      return random.chance(0.5)
    case 4:
      return customerId
    case 5:
      return 'recibido'
    case 6:
      return { '': 1, 'a\u0000': 2 }
    case 7:
      return random.pick(['__proto__', 'constructor', 'toString'])
    case 8:
      return [randomValue(random, depth + 1), randomValue(random, depth + 1)]
    case 9:
      return { k: randomValue(random, depth + 1) }
    default:
      return nested(random.pick([10, 63, 65, 200]))
  }
}

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

function mutateBody(random: Random, body: unknown): unknown {
  if (body === null || typeof body !== 'object') return randomValue(random)
  const copy: Record<string, unknown> | unknown[] = Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) }
  const keys = Object.keys(copy)
  switch (random.int(5)) {
    case 0: {
      if (keys.length === 0) return randomValue(random)
      const key = random.pick(keys)
      ;(copy as Record<string, unknown>)[key] = randomValue(random)
      return copy
    }
    case 1:
      if (keys.length > 0) delete (copy as Record<string, unknown>)[random.pick(keys)]
      return copy
    case 2:
      ;(copy as Record<string, unknown>)[random.pick(['id', 'status', 'role', 'p_token', 'version', 'weight_kg', 'x y', '"', 'a\u0000', 'user_id'])] = randomValue(random)
      return copy
    case 3:
      return random.chance(0.5) ? [copy, copy] : []
    default:
      return randomValue(random)
  }
}

function mutateText(random: Random, text: string): string {
  switch (random.int(5)) {
    case 0:
      return text.slice(0, random.int(text.length + 1))
    case 1:
      return `${text}${random.pick([',', ']', '}', 'null', '\u0000'])}`
    case 2:
      return random.pick(['', ' ', 'null', '[]', '{}', '"string"', '42', 'p_token=x&p_token=y', 'a,b\n1,2'])
    case 3: {
      const at = random.int(text.length + 1)
      return text.slice(0, at) + random.pick(['"', '\\', '\\u0000', '\\ud800', '{', '[']) + text.slice(at)
    }
    default:
      // Deeper than JSON.stringify could write it.
      return random.chance(0.5) ? '['.repeat(100_000) : `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`
  }
}

async function oddTokens(): Promise<string[]> {
  const exp = Math.floor(Date.now() / 1000) + 3600
  const claims: Record<string, unknown>[] = [
    { sub: 'not-a-uuid', role: 'authenticated', exp },
    { sub: 42, role: 'authenticated', exp },
    { sub: customerId, role: { name: 'service_role' }, exp },
    { sub: customerId, role: 'postgres', exp },
    { sub: customerId, role: 'authenticated', exp: 'later' },
    { sub: customerId, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 },
    { sub: customerId, role: 'authenticated', session_id: '\u0000', exp },
    { sub: 'a0000000-0000-4000-8000-000000000099', role: 'authenticated', exp },
    { role: 'service_role', exp },
  ]
  return Promise.all(claims.map((claim) => signJwt(claim as never)))
}

function mutate(random: Random, request: FuzzRequest, tokens: Tokens): FuzzRequest {
  const next: FuzzRequest = { ...request, query: [...request.query], headers: { ...request.headers } }
  switch (random.int(9)) {
    case 0:
      next.method = random.pick(METHODS)
      break
    case 1: {
      const base = random.chance(0.5) ? next.path : random.pick(PATHS)
      next.path = random.chance(0.5) ? `${base}${random.pick(FRAGMENTS)}` : `${base}/${random.pick(FRAGMENTS)}`
      break
    }
    case 2:
      next.query.push([random.pick(['status', 'id', 'weight_kg', 'created_at', 'meta', 'p_token', '"odd"', 'x%00', 'not.id', 'and', 'not.or']), random.pick(FILTER_VALUES)])
      break
    case 3:
      next.query.push([random.pick(['or', 'and', 'not.or']), random.pick(LOGIC)])
      break
    case 4: {
      const name = random.pick(Object.keys(RESERVED_VALUES))
      next.query.push([name, random.pick(RESERVED_VALUES[name]!)])
      break
    }
    case 5: {
      if (next.query.length === 0) break
      const at = random.int(next.query.length)
      const [key, value] = next.query[at]!
      next.query[at] = random.chance(0.5) ? [key, `${value}${random.pick(FRAGMENTS)}`] : [`${key}${random.pick(FRAGMENTS)}`, value]
      break
    }
    case 6: {
      const name = random.pick(Object.keys(HEADER_VALUES))
      next.headers[name] = random.pick(HEADER_VALUES[name]!)
      break
    }
    case 7:
      switch (random.int(4)) {
        case 0:
          delete next.headers.apikey
          break
        case 1:
          next.headers.apikey = random.pick(['wrong', SUPABASE_LOCAL_SERVICE_ROLE_KEY, tokens.customer])
          break
        case 2:
          next.headers.Authorization = `Bearer ${random.pick([...tokens.odd, 'a.b.c', 'x', tokens.admin, ''])}`
          break
        default:
          next.headers.Authorization = random.pick(['Basic YTpi', 'Bearer', `bearer ${tokens.customer}`])
      }
      break
    default:
      if (next.rawBody !== undefined || random.chance(0.3)) next.rawBody = mutateText(random, next.rawBody ?? JSON.stringify(next.body ?? {}))
      else next.body = mutateBody(random, next.body ?? {})
  }
  return next
}

function target(request: FuzzRequest): string {
  return request.query.length === 0 ? request.path : `${request.path}?${request.query.map(([key, value]) => `${key}=${value}`).join('&')}`
}

function bodyText(request: FuzzRequest): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody
  return request.body === undefined ? undefined : JSON.stringify(request.body)
}

/** Short enough to read in a failure message. */
function describeRequest(index: number, request: FuzzRequest): string {
  const body = bodyText(request)
  return `#${index} ${request.method} ${target(request).slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 200)} ${body === undefined ? '' : body.slice(0, 200)}`
}

let standIn: StandIn
const errorLines: string[] = []

beforeAll(async () => {
  // Rate limits raised, so the fuzzer gets past them to the code behind.
  standIn = await startTestStandIn({ log: (line) => errorLines.push(line), auth: { rateLimitScale: 100 } })
})

afterAll(async () => {
  await standIn?.close()
})

async function session(credentials: { email: string; password: string }): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${standIn.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { ...anonKey, ...json }, body: JSON.stringify(credentials) })
  expect(response.status).toBe(200)
  return (await response.json()) as { access_token: string; refresh_token: string }
}

it(`${REQUESTS} mutated requests: no 5xx, every error readable, the stand-in still up (seed ${SEED})`, { timeout: 60_000 }, async () => {
  const customer = await session(demoCustomer)
  const tokens: Tokens = { customer: customer.access_token, refresh: customer.refresh_token, admin: (await session(demoAdmin)).access_token, odd: await oddTokens() }
  const random = new Random(SEED)
  const valid = templates(tokens)
  const failures: string[] = []
  for (let i = 0; i < REQUESTS; i++) {
    let request = random.pick(valid)
    for (let n = 1 + random.int(3); n > 0; n--) request = mutate(random, request, tokens)
    const response = await rawRequest(standIn.port, requestText(request.method, target(request), request.headers, bodyText(request)))
    const problem =
      response.status === 0 ? 'no answer' : response.status >= 500 ? `status ${response.status}` : response.status >= 400 && request.method !== 'HEAD' && !readableError(response.body) ? 'unreadable error body' : undefined
    if (problem) failures.push(`${problem}: ${describeRequest(i, request)} → ${response.status} ${response.body.slice(0, 300)}`)
  }
  expect(failures, `FUZZ_SEED=${SEED}`).toEqual([])
  expect(errorLines.filter((line) => line.startsWith('[error]')), `FUZZ_SEED=${SEED}`).toEqual([])
  const health = await fetch(`${standIn.url}/auth/v1/health`, { headers: anonKey })
  expect(health.status).toBe(200)
})

/** A JSON object with the message field the gateway, GoTrue or PostgREST put in an error. */
function readableError(body: string): boolean {
  try {
    const value = JSON.parse(body) as { message?: unknown; msg?: unknown }
    return typeof value.message === 'string' || typeof value.msg === 'string'
  } catch {
    return false
  }
}
