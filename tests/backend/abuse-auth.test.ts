// What the stand-in's auth does against guessing and misuse, as GoTrue does: rate limits per client
// address, mail limits, the redirect allow-list, refresh token reuse, and bounds on every field.
import { request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { readAuthToml } from '../../supabase/local/config'
import { resolveAuthConfig } from '../../supabase/local/auth/config'
import { RateLimiter } from '../../supabase/local/auth/rate-limit'
import { isRedirectUrlValid, redirectRules } from '../../supabase/local/auth/redirect'
import type { StandIn } from '../../supabase/local/server'
import { anonHeaders, demoAdmin, demoCustomer, newClient, signedIn, startTestStandIn, uniqueEmail } from './helpers'

const SECOND = 1000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function postJson(standIn: StandIn, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${standIn.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { ...anonHeaders, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** POSTs from another loopback address than fetch's 127.0.0.1; resolves with the status. */
function postFrom(localAddress: string, url: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', localAddress, headers: { ...anonHeaders, 'Content-Type': 'application/json' } }, (response) => {
      response.resume()
      resolve(response.statusCode!)
    })
    sent.on('error', reject)
    sent.end(JSON.stringify(body))
  })
}

describe('config.toml', () => {
  it('applies the limits of config.toml: per hour for emails, per 5 minutes per address for the rest', () => {
    const config = resolveAuthConfig({ apiUrl: () => '' }, readAuthToml(), {})
    expect(config.rateLimits).toEqual({
      email_sent: { requests: 30, windowMs: 3_600_000 },
      token_refresh: { requests: 150, windowMs: 300_000 },
      sign_in_sign_ups: { requests: 30, windowMs: 300_000 },
      token_verifications: { requests: 30, windowMs: 300_000 },
      // GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, here per factor.
      mfa_verify: { requests: 15, windowMs: 60_000 },
    })
    expect(config.emailMaxFrequencyMs).toBe(1000)
    expect(config.refreshTokens).toEqual({ rotation: true, reuseIntervalMs: 10_000 })
    expect(config.redirects.siteUrl).toBe('http://localhost:4173')
  })

  it('SUPABASE_LOCAL_RATE_LIMIT_SCALE multiplies them; SUPABASE_LOCAL_SITE_URL replaces site_url', () => {
    const config = resolveAuthConfig({ apiUrl: () => '' }, readAuthToml(), { SUPABASE_LOCAL_RATE_LIMIT_SCALE: '100', SUPABASE_LOCAL_SITE_URL: 'http://localhost:9000' })
    expect(config.rateLimits.sign_in_sign_ups).toEqual({ requests: 3000, windowMs: 300_000 })
    expect(config.redirects.siteUrl).toBe('http://localhost:9000')
    expect(() => resolveAuthConfig({ apiUrl: () => '' }, readAuthToml(), { SUPABASE_LOCAL_RATE_LIMIT_SCALE: 'lots' })).toThrow(/SUPABASE_LOCAL_RATE_LIMIT_SCALE/)
  })

  it('at its limits, 300 code guesses in a row get 30 answers and 270 refusals', () => {
    let now = 0
    const limiter = new RateLimiter(resolveAuthConfig({ apiUrl: () => '' }, readAuthToml(), {}).rateLimits, () => now)
    const answered = Array.from({ length: 300 }, () => {
      now += 5
      return limiter.take('token_verifications', 'verify 127.0.0.1')
    }).filter(Boolean).length
    expect(answered).toBe(30)
    now += 10 * SECOND // 30 per 5 minutes: one more every 10 s
    expect(limiter.take('token_verifications', 'verify 127.0.0.1')).toBe(true)
    expect(limiter.take('token_verifications', 'verify 127.0.0.1')).toBe(false)
  })
})

describe('rate limits', () => {
  let standIn: StandIn

  beforeAll(async () => {
    standIn = await startTestStandIn({
      auth: {
        rateLimits: {
          sign_in_sign_ups: { requests: 3, windowMs: 3 * SECOND },
          token_verifications: { requests: 5, windowMs: 5 * SECOND },
          token_refresh: { requests: 3, windowMs: 3 * SECOND },
        },
      },
    })
  })

  afterAll(async () => {
    await standIn?.close()
  })

  // The clock stands still unless a test moves it, so buckets refill exactly when it says.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  const waitMs = (ms: number) => vi.setSystemTime(Date.now() + ms)

  it('password sign-ins: 429 over_request_rate_limit after the limit, per client address, until the bucket refills', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { error } = await newClient(standIn.url).auth.signInWithPassword({ email: demoCustomer.email, password: `guess-${attempt}` })
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    }
    const limited = await newClient(standIn.url).auth.signInWithPassword(demoCustomer)
    expect(limited.data.session).toBeNull()
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })

    // Another address has a bucket of its own.
    expect(await postFrom('127.0.0.2', `${standIn.url}/auth/v1/token?grant_type=password`, { email: demoCustomer.email, password: 'guess' })).toBe(400)

    waitMs(SECOND) // 3 per 3 s: one more after 1 s
    expect((await newClient(standIn.url).auth.signInWithPassword(demoCustomer)).error).toBeNull()
    expect((await newClient(standIn.url).auth.signInWithPassword(demoCustomer)).error?.code).toBe('over_request_rate_limit')
  })

  it('300 wrong recovery codes: 429 after the limit, the right code too, until the bucket refills', async () => {
    expect((await newClient(standIn.url).auth.resetPasswordForEmail(demoAdmin.email)).error).toBeNull()
    const code = standIn.mail.list().find((mail) => mail.to === demoAdmin.email)!.otp
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    const statuses: number[] = []
    for (let guess = 0; guess < 300; guess++) statuses.push((await postJson(standIn, '/verify', { type: 'recovery', email: demoAdmin.email, token: wrong })).status)
    expect(statuses.slice(0, 6)).toEqual([403, 403, 403, 403, 403, 429])
    expect(statuses.filter((status) => status === 429)).toHaveLength(295)

    const refused = await newClient(standIn.url).auth.verifyOtp({ email: demoAdmin.email, token: code, type: 'recovery' })
    expect(refused.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    waitMs(SECOND) // 5 per 5 s: one more after 1 s
    const { data, error } = await newClient(standIn.url).auth.verifyOtp({ email: demoAdmin.email, token: code, type: 'recovery' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(demoAdmin.email)
  })

  it('token refreshes: 429 after the limit', async () => {
    const client = newClient(standIn.url)
    const { data } = await client.auth.signUp({ email: uniqueEmail('refresh-limit'), password: 'secret-pass-1' })
    let token = data.session!.refresh_token
    for (let refresh = 0; refresh < 3; refresh++) {
      const { data: refreshed, error } = await client.auth.refreshSession({ refresh_token: token })
      expect(error).toBeNull()
      token = refreshed.session!.refresh_token
    }
    const { error } = await client.auth.refreshSession({ refresh_token: token })
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })
})

describe('with generous rate limits', () => {
  let standIn: StandIn

  beforeAll(async () => {
    standIn = await startTestStandIn({
      auth: {
        rateLimits: { email_sent: { requests: 2, windowMs: 3600 * SECOND } },
        emailMaxFrequencyMs: 60 * SECOND,
        refreshTokenReuseIntervalMs: SECOND,
        additionalRedirectUrls: ['https://app.example.com/*/reset-password', 'https://*.preview.example.com/**'],
      },
    })
  })

  afterAll(async () => {
    await standIn?.close()
  })

  describe('mail', () => {
    it('a second mail to one address within max_frequency, and mail past email_sent, get 429', async () => {
      const [first, second, third] = [uniqueEmail('mail-a'), uniqueEmail('mail-b'), uniqueEmail('mail-c')]
      for (const email of [first, second, third]) await newClient(standIn.url).auth.signUp({ email, password: 'secret-pass-1' })

      expect((await newClient(standIn.url).auth.resetPasswordForEmail(first)).error).toBeNull()
      const again = await newClient(standIn.url).auth.resetPasswordForEmail(first)
      expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
      expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/)

      expect((await newClient(standIn.url).auth.resetPasswordForEmail(second)).error).toBeNull()
      const pastLimit = await newClient(standIn.url).auth.resetPasswordForEmail(third)
      expect(pastLimit.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' })
      expect(standIn.mail.list().map((mail) => mail.to)).toEqual([first, second])
    })
  })

  describe('redirect_to', () => {
    /** Where GET /verify sends the browser (an unknown token still redirects, with an error). */
    async function verifyRedirect(redirectTo: string | undefined, headers: Record<string, string> = {}) {
      const query = new URLSearchParams({ token: 'no-such-token', type: 'recovery', ...(redirectTo === undefined ? {} : { redirect_to: redirectTo }) })
      const response = await fetch(`${standIn.url}/auth/v1/verify?${query.toString()}`, { redirect: 'manual', headers })
      expect(response.status).toBe(303)
      return response.headers.get('location')!.split('#')[0]
    }

    it('is honoured on the site, on loopback and on the allow-list; elsewhere the site URL is used', async () => {
      expect(await verifyRedirect('http://localhost:4173/es/reset-password')).toBe('http://localhost:4173/es/reset-password')
      expect(await verifyRedirect('https://app.example.com/en/reset-password')).toBe('https://app.example.com/en/reset-password')
      expect(await verifyRedirect('https://evil.example.net/steal')).toBe('http://localhost:4173')
      expect(await verifyRedirect('https://app.example.com/en/reset-password/../../steal')).toBe('http://localhost:4173')
      expect(await verifyRedirect(undefined, { Referer: 'http://localhost:4173/es/login' })).toBe('http://localhost:4173/es/login')
      expect(await verifyRedirect(undefined, { Referer: 'https://evil.example.net/' })).toBe('http://localhost:4173')
    })

    it('follows GoTrue’s rule (IsRedirectURLValid)', () => {
      const rules = redirectRules('http://localhost:4173', ['https://app.example.com/*/reset-password', 'https://*.preview.example.com/**'])
      const allowed = (url: string) => isRedirectUrlValid(rules, url)
      // The site's scheme and host; on localhost any port (RFC 8252 §7.3).
      expect(allowed('http://localhost:4173/auth/callback')).toBe(true)
      expect(allowed('http://localhost:5173/auth/callback')).toBe(true)
      expect(allowed('https://localhost:4173/auth/callback')).toBe(false)
      // Loopback addresses on any port; other addresses never.
      expect(allowed('http://127.0.0.1:9999/x')).toBe(true)
      expect(allowed('http://[::1]:9999/x')).toBe(true)
      expect(allowed('http://10.0.0.1/x')).toBe(false)
      expect(allowed('http://2130706433/x')).toBe(false) // 127.0.0.1 as one number: GoTrue refuses decimal hosts
      // Globs: `*` stops at '.' and '/', `**` does not; matched against the URL without its fragment.
      expect(allowed('https://app.example.com/es/reset-password')).toBe(true)
      expect(allowed('https://app.example.com/es/reset-password#frag')).toBe(true)
      expect(allowed('https://app.example.com/es/x/reset-password')).toBe(false)
      expect(allowed('https://app.example.com.evil.net/es/reset-password')).toBe(false)
      expect(allowed('https://pr-1.preview.example.com/a/b?c=d')).toBe(true)
      expect(allowed('https://a.b.preview.example.com/')).toBe(false)
      expect(allowed('https://localhost.evil.net/')).toBe(false)
      expect(allowed('https://user@evil.net/')).toBe(false)
      expect(allowed('not a url')).toBe(false)
    })
  })

  describe('refresh tokens', () => {
    it('two tabs refreshing with the same token at once both keep the session', async () => {
      const tab = await signedIn(standIn.url, demoCustomer)
      const { refresh_token } = (await tab.auth.getSession()).data.session!
      const [first, second] = await Promise.all([
        newClient(standIn.url).auth.refreshSession({ refresh_token }),
        newClient(standIn.url).auth.refreshSession({ refresh_token }),
      ])
      expect(first.error).toBeNull()
      expect(second.error).toBeNull()
      expect(second.data.session!.refresh_token).toBe(first.data.session!.refresh_token)

      const next = await newClient(standIn.url).auth.refreshSession({ refresh_token: first.data.session!.refresh_token })
      expect(next.error).toBeNull()
      expect((await newClient(standIn.url).auth.getUser(next.data.session!.access_token)).error).toBeNull()
    })

    /** Signs in and refreshes twice: the first token is then neither active nor the active one's parent. */
    async function twiceRefreshed() {
      const client = await signedIn(standIn.url, demoCustomer)
      const first = (await client.auth.getSession()).data.session!.refresh_token
      const second = (await newClient(standIn.url).auth.refreshSession({ refresh_token: first })).data.session!.refresh_token
      const third = (await newClient(standIn.url).auth.refreshSession({ refresh_token: second })).data.session!
      return { first, third }
    }

    it('an older token still refreshes within the reuse interval', async () => {
      const { first } = await twiceRefreshed()
      expect((await newClient(standIn.url).auth.refreshSession({ refresh_token: first })).error).toBeNull()
    })

    it('after the reuse interval, an older token is refused and its session ends', async () => {
      const { first, third } = await twiceRefreshed()
      await sleep(1.1 * SECOND)
      const reuse = await newClient(standIn.url).auth.refreshSession({ refresh_token: first })
      expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' })
      const after = await newClient(standIn.url).auth.refreshSession({ refresh_token: third.refresh_token })
      expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
      const user = await fetch(`${standIn.url}/auth/v1/user`, { headers: { ...anonHeaders, Authorization: `Bearer ${third.access_token}` } })
      expect(user.status).toBe(403)
      expect(await user.json()).toMatchObject({ error_code: 'session_not_found' })
    })

    it('signing out ends the session for GET /user at once, and its refresh token', async () => {
      const client = await signedIn(standIn.url, demoCustomer)
      const session = (await client.auth.getSession()).data.session!
      const headers = { ...anonHeaders, Authorization: `Bearer ${session.access_token}` }
      expect((await fetch(`${standIn.url}/auth/v1/user`, { headers })).status).toBe(200)
      expect((await client.auth.signOut()).error).toBeNull()

      const user = await fetch(`${standIn.url}/auth/v1/user`, { headers })
      expect(user.status).toBe(403)
      expect(await user.json()).toEqual({ code: 403, error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' })
      const refresh = await newClient(standIn.url).auth.refreshSession({ refresh_token: session.refresh_token })
      expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    })
  })

  describe('user metadata', () => {
    const nested = (levels: number): Record<string, unknown> => (levels === 1 ? { leaf: true } : { next: nested(levels - 1) })

    it('signup refuses metadata over 16 KB, deeper than 8 levels, with NUL characters, or not an object', async () => {
      const signUp = (data: unknown) => postJson(standIn, '/signup', { email: uniqueEmail('meta'), password: 'secret-pass-1', data })
      const refusal = async (data: unknown) => {
        const response = await signUp(data)
        return { status: response.status, ...((await response.json()) as { error_code: string; msg: string }) }
      }
      expect(await refusal({ note: 'x'.repeat(16 * 1024) })).toMatchObject({ status: 400, error_code: 'validation_failed', msg: 'User metadata may be at most 16384 bytes of JSON' })
      expect(await refusal(nested(9))).toMatchObject({ status: 400, error_code: 'validation_failed', msg: 'User metadata may be nested at most 8 levels deep' })
      expect(await refusal({ name: 'a\u0000b' })).toMatchObject({ status: 400, error_code: 'validation_failed', msg: 'User metadata must not contain NUL characters (\\u0000)' })
      expect(await refusal({ 'a\u0000b': 1 })).toMatchObject({ status: 400, error_code: 'validation_failed' })
      expect(await refusal('a string')).toMatchObject({ status: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON: "data" must be a JSON object' })
      expect((await signUp(nested(8))).status).toBe(200)
    })

    it('PUT /user refuses an update that would take the merged metadata over the limit', async () => {
      const client = newClient(standIn.url)
      await client.auth.signUp({ email: uniqueEmail('meta-put'), password: 'secret-pass-1' })
      expect((await client.auth.updateUser({ data: { a: 'x'.repeat(10_000) } })).error).toBeNull()
      const { error } = await client.auth.updateUser({ data: { b: 'x'.repeat(10_000) } })
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'User metadata may be at most 16384 bytes of JSON' })
      expect((await client.auth.updateUser({ data: { a: null, b: 'x'.repeat(10_000) } })).error).toBeNull()
      expect((await client.auth.updateUser({ data: { c: nested(8) } })).error).toMatchObject({ status: 400, code: 'validation_failed' })
    })
  })

  describe('fields', () => {
    async function answer(path: string, body: unknown, headers: Record<string, string> = {}) {
      const response = await postJson(standIn, path, body, headers)
      return { status: response.status, ...((await response.json()) as { error_code?: string; msg?: string }) }
    }

    it('a field of the wrong type is bad_json, NUL characters and overlong values are validation_failed', async () => {
      expect(await answer('/signup', { email: 42, password: 'secret-pass-1' })).toMatchObject({ status: 400, error_code: 'bad_json' })
      expect(await answer('/signup', { email: `${'a'.repeat(250)}@example.com`, password: 'secret-pass-1' })).toMatchObject({
        status: 400,
        error_code: 'validation_failed',
        msg: 'An email address is too long',
      })
      expect(await answer('/signup', { email: uniqueEmail('long'), password: 'p'.repeat(73) })).toMatchObject({
        status: 400,
        error_code: 'validation_failed',
        msg: 'Password cannot be longer than 72 characters',
      })
      expect(await answer('/signup', { email: uniqueEmail('long'), password: 'é'.repeat(37) })).toMatchObject({ status: 400, msg: 'Password cannot be longer than 72 characters' })
      expect(await answer('/signup', { password: 'secret-pass-1' })).toMatchObject({ status: 422, error_code: 'anonymous_provider_disabled' })
      expect(await answer('/token?grant_type=password', { email: 'a\u0000@example.com', password: 'x' })).toMatchObject({ status: 400, error_code: 'validation_failed' })
      expect(await answer('/token?grant_type=password', { email: demoCustomer.email, password: ['x'] })).toMatchObject({ status: 400, error_code: 'bad_json' })
      expect(await answer('/token?grant_type=refresh_token', { refresh_token: 12345678901234 })).toMatchObject({ status: 400, error_code: 'bad_json' })
      expect(await answer('/token?grant_type=refresh_token', { refresh_token: 'short' })).toMatchObject({ status: 400, error_code: 'validation_failed', msg: 'Refresh token is not valid' })
      expect(await answer('/verify', { type: 'recovery', email: demoCustomer.email, token: '12\u00003456' })).toMatchObject({ status: 400, error_code: 'validation_failed' })
      expect(await answer('/recover', { email: 'x'.repeat(100_000) })).toMatchObject({ status: 400, error_code: 'validation_failed' })
      const link = await fetch(`${standIn.url}/auth/v1/verify?type=recovery&token=a%00b`, { redirect: 'manual' })
      expect(link.status).toBe(400)
    })

    it('a password longer than bcrypt reads never signs in, even when its first 72 bytes match', async () => {
      const email = uniqueEmail('bcrypt')
      const password = 'p'.repeat(72)
      expect((await newClient(standIn.url).auth.signUp({ email, password })).error).toBeNull()
      expect((await newClient(standIn.url).auth.signInWithPassword({ email, password: `${password}-and-more` })).error).toMatchObject({ code: 'invalid_credentials' })
      expect((await newClient(standIn.url).auth.signInWithPassword({ email, password })).error).toBeNull()
    })

    it('a body must be JSON and say so', async () => {
      const credentials = JSON.stringify(demoCustomer)
      expect(await answer('/token?grant_type=password', credentials, { 'Content-Type': 'text/plain' })).toMatchObject({
        status: 400,
        error_code: 'bad_json',
        msg: 'Could not parse request body as JSON: Content-Type must be application/json, not "text/plain"',
      })
      const untyped = await fetch(`${standIn.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: anonHeaders, body: new Blob([credentials]) })
      expect(untyped.status).toBe(400)
      expect(await answer('/token?grant_type=password', '', {})).toMatchObject({ status: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON: unexpected end of JSON input' })
      expect(await answer('/token?grant_type=password', '[1]')).toMatchObject({ status: 400, error_code: 'bad_json' })
      expect(await answer('/signup', `{"data":${'['.repeat(100)}${']'.repeat(100)}}`)).toMatchObject({
        status: 400,
        error_code: 'bad_json',
        msg: 'Could not parse request body as JSON: JSON nested deeper than 64 levels',
      })
      expect((await postJson(standIn, '/token?grant_type=password', credentials, { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200)
    })
  })
})
