// What a hostile or broken client can send the stand-in: every answer is a 4xx in the shape of the
// service behind the path (the gateway's, GoTrue's or PostgREST's), and the stand-in keeps serving.
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { HttpRequest } from '../../supabase/local/http'
import { JsonBodyError, parseJsonBody } from '../../supabase/local/json-body'
import { signJwt } from '../../supabase/local/jwt'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { failureResponse } from '../../supabase/local/service-errors'
import { demoCustomer, seededToken, startTestStandIn } from './helpers'
import { rawRequest, requestText, type RawResponse } from './raw-http'

const customerId = 'c0000000-0000-4000-8000-000000000001'
const anon = { apikey: SUPABASE_LOCAL_ANON_KEY }
const service = { apikey: SUPABASE_LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` }
const jsonType = { 'Content-Type': 'application/json' }

let standIn: StandIn
const errorLines: string[] = []

beforeAll(async () => {
  standIn = await startTestStandIn({ log: (line) => errorLines.push(line) })
})

afterAll(async () => {
  await standIn?.close()
})

// Whatever a test sent, the stand-in still answers an ordinary request, and nothing was an
// unexpected failure.
afterEach(async () => {
  const health = await fetch(`${standIn.url}/auth/v1/health`, { headers: anon })
  expect(health.status).toBe(200)
  expect(errorLines.filter((line) => line.startsWith('[error]'))).toEqual([])
})

const raw = (data: string | Buffer, options?: Parameters<typeof rawRequest>[2]) => rawRequest(standIn.port, data, options)
const send = (method: string, target: string, headers: Record<string, string> = {}, body?: string) => raw(requestText(method, target, headers, body))
const parsed = (response: RawResponse): unknown => JSON.parse(response.body)

const nullOrText = expect.toBeOneOf([null, expect.any(String)])

/** PostgREST's error shape; an undefined code or message may be anything. */
function expectRestError(response: RawResponse, status: number, code?: string, message?: string) {
  expect(response.status).toBe(status)
  expect(parsed(response)).toEqual({ code: code ?? expect.any(String), message: message ?? expect.any(String), details: nullOrText, hint: nullOrText })
}

function expectAuthError(response: RawResponse, status: number, errorCode?: string) {
  expect(response.status).toBe(status)
  expect(parsed(response)).toMatchObject({ code: status, error_code: errorCode ?? expect.any(String), msg: expect.any(String) })
}

describe('malformed request lines and targets', () => {
  it.each([
    ['GET //[ HTTP/1.1', 404],
    ['GET * HTTP/1.1', 400],
    ['OPTIONS * HTTP/1.1', 400],
    ['GET ? HTTP/1.1', 400],
  ])('%s is %i and the connection closes or carries on', async (line, status) => {
    const response = await raw(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    expect(response.status).toBe(status)
    expect(parsed(response)).toEqual({ message: expect.any(String) })
  })

  it.each(['GARBAGE', 'GET /rest/v1/packages HTTP/1.1 extra', 'GET /a b HTTP/1.1', 'GET /rest/v1/\u0000 HTTP/1.1'])(
    'an unparseable request line (%j) is 400 Bad Request on the socket',
    async (line) => {
      const response = await raw(`${line}\r\nHost: 127.0.0.1\r\n\r\n`, { untilClosed: true })
      expect(response.status).toBe(400)
      expect(response.headers.connection).toBe('close')
      expect(parsed(response)).toEqual({ message: 'Bad Request' })
      expect(response.closed).toBe(true)
    },
  )

  it('an absolute-form target is served by its path', async () => {
    const response = await send('GET', 'http://anything.example/auth/v1/health', anon)
    expect(response.status).toBe(200)
    expect(parsed(response)).toMatchObject({ name: 'GoTrue' })
  })
})

describe('NUL bytes', () => {
  it('in the raw request line or a header value: 400 before any handler runs', async () => {
    expect((await raw('GET /rest/v1/pack\u0000ages HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).status).toBe(400)
    expect((await raw(`GET /rest/v1/packages HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${SUPABASE_LOCAL_ANON_KEY}\u0000\r\n\r\n`)).status).toBe(400)
  })

  it('percent-encoded in the path: 400 22021, as Postgres refuses it', async () => {
    expectRestError(await send('GET', '/rest/v1/pack%00ages', service), 400, '22021')
  })

  it('in a filter value: 400 22021, as Postgres refuses it', async () => {
    expectRestError(await send('GET', '/rest/v1/packages?tracking_code=eq.a%00b', service), 400, '22021')
  })

  it('in an rpc argument from the query: 400', async () => {
    expectRestError(await send('GET', '/rest/v1/rpc/get_package_by_token?p_token=a%00b', anon), 400, '22P05')
  })

  it.each(['select=%22a%00b%22', 'select=%22a%00b%22:id', 'order=%22a%00%22', '%22a%00%22=eq.1', 'or=(%22a%00%22.eq.1)'])('in a column name (%s): 400 PGRST100', async (query) => {
    expectRestError(await send('GET', `/rest/v1/packages?${query}`, service), 400, 'PGRST100')
  })

  it('in a JSON string value: 400 22P05', async () => {
    const body = JSON.stringify({ user_id: customerId, locker_code: 'MIA100002', tracking_code: 'a\u0000b' })
    expectRestError(await send('POST', '/rest/v1/packages', { ...service, ...jsonType }, body), 400, '22P05')
  })

  it('in a JSON key: 400 PGRST204 (no such column)', async () => {
    expectRestError(await send('POST', '/rest/v1/packages', { ...service, ...jsonType }, JSON.stringify({ 'a\u0000b': 1 })), 400, 'PGRST204')
  })

  it('in a redirect_to: percent-encoded in Location, never an unsendable header', async () => {
    const redirectTo = encodeURIComponent('http://localhost:4173/a\u0000b c\u00e9')
    const response = await send('GET', `/auth/v1/verify?token=nope&type=recovery&redirect_to=${redirectTo}`)
    expect(response.status).toBe(303)
    expect(response.headers.location).toMatch(/^http:\/\/localhost:4173\/a%00b%20c%C3%A9#error=access_denied/)
  })

  it('in auth fields: 4xx in GoTrue shape', async () => {
    const body = JSON.stringify({ email: 'a\u0000b@example.com', password: 'secret-pass-1' })
    const response = await send('POST', '/auth/v1/token?grant_type=password', { ...anon, ...jsonType }, body)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expectAuthError(response, response.status)
  })
})

describe('size limits', () => {
  it('headers over 16 KiB: 431, connection closed', async () => {
    const response = await raw(`GET /rest/v1/packages HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, { untilClosed: true })
    expect(response.status).toBe(431)
    expect(parsed(response)).toEqual({ message: 'Request Header Fields Too Large' })
    expect(response.closed).toBe(true)
  })

  it('a declared body over 1 MiB: 413 at once, in the path’s shape, and the connection closes', async () => {
    const head = (path: string) => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${SUPABASE_LOCAL_ANON_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`
    const rest = await raw(head('/rest/v1/packages'), { untilClosed: true })
    expectRestError(rest, 413, '54000', 'Request body too large (max 1048576 bytes)')
    expect(rest.headers.connection).toBe('close')
    expect(rest.closed).toBe(true)
    const auth = await raw(head('/auth/v1/signup'), { untilClosed: true })
    expectAuthError(auth, 413, 'request_entity_too_large')
    expect(auth.closed).toBe(true)
  })

  it('a streamed body that grows past 1 MiB: 413, and the server stops reading and closes', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    let pulled = 0
    // Up to 64 MiB, for as long as the server keeps reading.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) controller.close()
        else {
          pulled += chunk.length
          controller.enqueue(chunk)
        }
      },
    })
    const init = { method: 'POST', headers: { ...anon, ...jsonType }, body, duplex: 'half' }
    const response = await fetch(`${standIn.url}/rest/v1/packages`, init as RequestInit)
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.json()).toEqual({ code: '54000', message: 'Request body too large (max 1048576 bytes)', details: null, hint: null })
    expect(pulled).toBeLessThan(16 * 1024 * 1024)
  })

  it('a client that hangs up mid-body leaves no unhandled rejection behind', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      await raw(`POST /rest/v1/packages HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${SUPABASE_LOCAL_ANON_KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`, {
        timeoutMs: 200,
      })
      // A later request's round trip: the server has handled the hang-up by the time it answers.
      expect((await fetch(`${standIn.url}/auth/v1/health`, { headers: anon })).status).toBe(200)
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})

describe('JSON bodies', () => {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

  it('nested 100,000 deep: 400 PGRST102 on REST', async () => {
    expectRestError(await send('POST', '/rest/v1/packages', { ...service, ...jsonType }, deep(100_000)), 400, 'PGRST102', 'Empty or invalid json')
    const rpcBody = `{"p_token":${deep(5_000)}}`
    expectRestError(await send('POST', '/rest/v1/rpc/get_package_by_token', { ...anon, ...jsonType }, rpcBody), 400, 'PGRST102')
  })

  it('nested 100,000 deep: 4xx in GoTrue shape on auth', async () => {
    const response = await send('POST', '/auth/v1/signup', { ...anon, ...jsonType }, deep(100_000))
    expectAuthError(response, 400)
  })

  it('an object without keys is a row of defaults: here a not-null violation (400), not a protocol error', async () => {
    expectRestError(await send('POST', '/rest/v1/packages', { ...service, ...jsonType }, '{}'), 400, '23502')
  })

  it('malformed JSON: 400 PGRST102', async () => {
    expectRestError(await send('POST', '/rest/v1/packages', { ...service, ...jsonType }, '{"user_id":'), 400, 'PGRST102')
  })
})

describe('parseJsonBody', () => {
  it('counts only brackets outside strings, escaped quotes included', () => {
    expect(parseJsonBody('{"a":"[[[[\\"{{{{"}', 2)).toEqual({ a: '[[[["{{{{' })
    expect(parseJsonBody(`${'['.repeat(64)}${']'.repeat(64)}`)).toEqual(expect.any(Array))
    expect(() => parseJsonBody(`${'['.repeat(65)}${']'.repeat(65)}`)).toThrow(expect.objectContaining({ reason: 'too_deep' }))
    expect(() => parseJsonBody('{"a":')).toThrow(expect.objectContaining({ reason: 'invalid' }))
    expect(() => parseJsonBody('[1]x')).toThrow(JsonBodyError)
  })
})

describe('bad percent-encoding', () => {
  it('in a REST path: 404 PGRST125', async () => {
    expectRestError(await send('GET', '/rest/v1/%E0%A4%A', anon), 404, 'PGRST125', 'Invalid path specified in request URL')
  })

  it('in a query parameter: taken literally, so a parse error (400 PGRST100)', async () => {
    expectRestError(await send('GET', '/rest/v1/packages?select=%zz', anon), 400, 'PGRST100')
  })

  it('in an auth path: 404 in GoTrue shape', async () => {
    expectAuthError(await send('GET', '/auth/v1/%E0%A4%A', anon), 404, 'not_found')
  })
})

describe('well-signed tokens with malformed claims', () => {
  const expiresIn = () => Math.floor(Date.now() / 1000) + 600
  const cases: [string, Record<string, unknown>, string][] = [
    ['a sub that is not a UUID', { sub: 'not-a-uuid', role: 'authenticated' }, 'invalid claim: sub claim must be a UUID'],
    ['a numeric sub', { sub: 42, role: 'authenticated' }, 'invalid claim: sub claim must be a UUID'],
    ['an object sub', { sub: { id: customerId }, role: 'authenticated' }, 'invalid claim: sub claim must be a UUID'],
    ['a sub with NUL', { sub: `${customerId.slice(0, -1)}\u0000`, role: 'authenticated' }, 'invalid claim: sub claim must be a UUID'],
    ['a role that is not a string', { sub: customerId, role: ['service_role'] }, "The JWT 'role' claim must be a string"],
    ['a session_id that is not a UUID', { sub: customerId, role: 'authenticated', session_id: 7 }, 'invalid claim: session_id claim must be a UUID'],
    ['an aud that is a number', { sub: customerId, role: 'authenticated', aud: 1 }, "The JWT 'aud' claim must be a string or an array of strings"],
  ]

  it.each(cases)('%s: 401 PGRST301 on REST, 403 bad_jwt on auth', async (_, claims, message) => {
    const token = await signJwt({ exp: expiresIn(), ...claims } as never)
    const headers = { ...anon, Authorization: `Bearer ${token}` }
    const rest = await send('GET', '/rest/v1/profiles?select=id', headers)
    expectRestError(rest, 401, 'PGRST301', message)
    const auth = await send('GET', '/auth/v1/user', headers)
    expectAuthError(auth, 403, 'bad_jwt')
    expect((parsed(auth) as { msg: string }).msg).toContain(message)
  })

  it('an exp that is not a number: 401 with PostgREST’s message', async () => {
    const token = await signJwt({ sub: customerId, role: 'authenticated', exp: 'tomorrow' } as never)
    expectRestError(await send('GET', '/rest/v1/profiles?select=id', { ...anon, Authorization: `Bearer ${token}` }), 401, 'PGRST301', "The JWT 'exp' claim must be a number")
  })
})

describe('the gateway’s API key check', () => {
  it('no key: 401 "No API key found in request", on auth and REST alike', async () => {
    for (const path of ['/auth/v1/health', '/auth/v1/token?grant_type=password', '/rest/v1/packages', '/rest/v1/rpc/get_package_by_token']) {
      const response = await send('GET', path)
      expect(response.status, path).toBe(401)
      expect(parsed(response)).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' })
    }
  })

  it('a key that is not the project’s: 401 "Invalid API key", even a well-signed one', async () => {
    const forged = await signJwt({ role: 'anon', iss: 'supabase-demo' })
    for (const key of ['nonsense', forged, `${SUPABASE_LOCAL_ANON_KEY}x`]) {
      const response = await send('GET', '/rest/v1/packages', { apikey: key })
      expect(response.status).toBe(401)
      expect(parsed(response)).toEqual({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' })
    }
  })

  it('the key may come as a query parameter, which is then no filter', async () => {
    const response = await send('GET', `/rest/v1/rpc/get_package_by_token?p_token=${seededToken(1)}&apikey=${SUPABASE_LOCAL_ANON_KEY}`)
    expect(response.status).toBe(200)
    expect(parsed(response)).toHaveLength(1)
  })

  it('mailed links (/auth/v1/verify) and CORS preflights need no key', async () => {
    const verify = await send('GET', '/auth/v1/verify?token=nope&type=recovery')
    expect(verify.status).not.toBe(401)
    const preflight = await send('OPTIONS', '/rest/v1/packages', { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'GET' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:4173')
  })

  it('a local web app can read the 401 (CORS headers on it)', async () => {
    const response = await send('GET', '/rest/v1/packages', { Origin: 'http://localhost:4173' })
    expect(response.status).toBe(401)
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:4173')
  })
})

describe('request bodies that are not JSON (PostgREST)', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain;charset=UTF-8', 'text/plain'],
    ['text/csv', 'text/csv'],
    ['foo/bar; x=1', 'foo/bar; x=1'],
  ])('Content-Type %s: 400 PGRST102 "Content-Type not acceptable: %s"', async (contentType, named) => {
    const body = JSON.stringify({ user_id: customerId, locker_code: 'MIA100002' })
    const response = await send('POST', '/rest/v1/packages', { ...service, 'Content-Type': contentType }, body)
    expectRestError(response, 400, 'PGRST102', `Content-Type not acceptable: ${named}`)
  })

  it('application/json with a charset, or no Content-Type at all, is JSON', async () => {
    const body = JSON.stringify({ p_token: seededToken(1) })
    for (const headers of [{ 'Content-Type': 'application/json; charset=utf-8' }, {}] as Record<string, string>[]) {
      const response = await send('POST', '/rest/v1/rpc/get_package_by_token', { ...anon, ...headers }, body)
      expect(response.status).toBe(200)
      expect(parsed(response)).toHaveLength(1)
    }
  })

  it('an HTML form is read as PostgREST reads it: every value a string', async () => {
    const body = new URLSearchParams({ p_token: seededToken(2) }).toString()
    const response = await send('POST', '/rest/v1/rpc/get_package_by_token', { ...anon, 'Content-Type': 'application/x-www-form-urlencoded' }, body)
    expect(response.status).toBe(200)
    expect(parsed(response)).toHaveLength(1)
  })
})

describe('the dev mailbox', () => {
  const port = () => standIn.port

  it.each(['127.0.0.1', 'localhost', '[::1]', '127.0.0.1:PORT', 'localhost:PORT', 'LOCALHOST:PORT'])('answers Host %s', async (host) => {
    const response = await send('GET', '/_dev/mail', { Host: host.replace('PORT', String(port())) })
    expect(response.status).toBe(200)
    expect(parsed(response)).toEqual(expect.any(Array))
  })

  it.each(['evil.example', 'evil.example:54321', '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.1'])('is not there for Host %s (DNS rebinding)', async (host) => {
    const response = await send('GET', '/_dev/mail', { Host: host })
    expect(response.status).toBe(404)
    const cleared = await send('DELETE', '/_dev/mail', { Host: host })
    expect(cleared.status).toBe(404)
  })

  it('sends no CORS headers, not even to a local origin, and its preflight allows nothing', async () => {
    const listed = await send('GET', '/_dev/mail', { Origin: 'http://localhost:4173' })
    expect(listed.status).toBe(200)
    expect(Object.keys(listed.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
    const preflight = await send('OPTIONS', '/_dev/mail', { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'DELETE' })
    expect(preflight.status).toBeGreaterThanOrEqual(400)
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
  })

  it('is only /_dev/mail itself', async () => {
    expect((await send('GET', '/_dev/mail/')).status).toBe(200)
    expect((await send('GET', '/_dev/mail/anything')).status).toBe(404)
  })

  it('needs no API key', async () => {
    expect((await send('GET', '/_dev/mail')).status).toBe(200)
  })
})

describe('a second stand-in, started with SUPABASE_LOCAL_DEV_MAIL=off', () => {
  let second: StandIn
  const lines: string[] = []
  let healthWhileStarting: number

  beforeAll(async () => {
    const port = await freePort()
    vi.stubEnv('SUPABASE_LOCAL_DEV_MAIL', 'off')
    const starting = startTestStandIn({ port, log: (line) => lines.push(line) })
    vi.unstubAllEnvs()
    healthWhileStarting = await firstAnswer(`http://127.0.0.1:${port}/auth/v1/health`)
    second = await starting
  })

  afterAll(async () => {
    await second?.close()
  })

  it('answers 503 until its database is open, not the gateway’s 401 (Playwright’s health check waits for < 404)', () => {
    expect(healthWhileStarting).toBe(503)
  })

  it('has no dev mailbox (404), and still logs the mail it sends', async () => {
    expect(second.mailUrl).toBeUndefined()
    expect((await rawRequest(second.port, requestText('GET', '/_dev/mail'))).status).toBe(404)
    const recover = await fetch(`${second.url}/auth/v1/recover`, { method: 'POST', headers: { ...anon, ...jsonType }, body: JSON.stringify({ email: demoCustomer.email }) })
    expect(recover.status).toBe(200)
    expect(lines.some((line) => line.startsWith('[mail] recovery'))).toBe(true)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The status of the first answer from `url`, retrying while nothing listens yet. */
async function firstAnswer(url: string): Promise<number> {
  for (;;) {
    try {
      return (await fetch(url)).status
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
}

describe('unexpected failures', () => {
  it('are logged and answered 500 without what failed', () => {
    const log = vi.fn()
    const request = { method: 'GET', url: new URL('http://127.0.0.1/rest/v1/packages') } as HttpRequest
    const response = failureResponse(request, new TypeError('secret internals'), log)
    expect(response.status).toBe(500)
    expect(response.body).not.toContain('secret')
    expect(JSON.parse(String(response.body))).toEqual({ code: 'XX000', message: expect.any(String), details: null, hint: null })
    expect(log).toHaveBeenCalledWith(expect.stringContaining('secret internals'))
    const auth = failureResponse({ ...request, url: new URL('http://127.0.0.1/auth/v1/token') }, new Error('secret'), log)
    expect(JSON.parse(String(auth.body))).toEqual({ code: 500, error_code: 'unexpected_failure', msg: expect.any(String) })
  })
})

describe('idle connections', () => {
  // Clients (undici, browsers) reuse an idle connection until shortly before the advertised
  // timeout; a short one lets a busy client's next request cross the server's close and be reset.
  it('are kept open for a minute, and the answer says so', async () => {
    const response = await send('GET', '/auth/v1/health', { ...anon, Connection: 'keep-alive' })
    expect(response.status).toBe(200)
    expect(response.closed).toBe(false)
    expect(response.headers['keep-alive']).toBe('timeout=65')
  })
})
