import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { anonHeaders, demoCustomer, newClient, signedIn, startTestStandIn, uniqueEmail } from './helpers'

let standIn: StandIn

beforeAll(async () => {
  standIn = await startTestStandIn()
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(() => {
  standIn.mail.clear()
})

describe('signup', () => {
  it('signs the new customer in and creates their profile and locker', async () => {
    const client = newClient(standIn.url)
    const email = uniqueEmail('signup')
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret-pass-1',
      options: { data: { full_name: 'Ana Test', phone: '+58 412 000 0000' }, emailRedirectTo: 'http://localhost:4173/auth/callback' },
    })
    expect(error).toBeNull()
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(data.session?.refresh_token).toEqual(expect.any(String))
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { full_name: 'Ana Test' } })

    const profile = await client.from('profiles').select('id, email, full_name, phone, role').single()
    expect(profile.error).toBeNull()
    expect(profile.data).toEqual({ id: data.user!.id, email, full_name: 'Ana Test', phone: '+58 412 000 0000', role: 'user' })
    const locker = await client.from('lockers').select('user_id, code').eq('user_id', data.user!.id).single()
    expect(locker.error).toBeNull()
    expect(locker.data?.code).toMatch(/^MIA\d{6}$/)
  })

  it('refuses a password shorter than 6 characters', async () => {
    const { data, error } = await newClient(standIn.url).auth.signUp({ email: uniqueEmail('weak'), password: '12345' })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' })
    expect(error?.name).toBe('AuthWeakPasswordError')
  })

  it('refuses an email that is already registered', async () => {
    const { error } = await newClient(standIn.url).auth.signUp({ email: demoCustomer.email, password: 'another-password' })
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
  })

  it('refuses a malformed email', async () => {
    const { error } = await newClient(standIn.url).auth.signUp({ email: 'not-an-email', password: 'secret-pass-1' })
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
  })
})

describe('password sign-in', () => {
  it('returns a session whose access token carries the GoTrue claims', async () => {
    const client = newClient(standIn.url)
    const { data, error } = await client.auth.signInWithPassword(demoCustomer)
    expect(error).toBeNull()
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({
      sub: data.user!.id,
      email: demoCustomer.email,
      role: 'authenticated',
      aud: 'authenticated',
      session_id: expect.any(String),
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    })
    expect(claims.exp - claims.iat).toBe(3600)
    const { data: user } = await client.auth.getUser()
    expect(user.user?.email).toBe(demoCustomer.email)
  })

  it('says "Invalid login credentials" (400) for a wrong password or an unknown email', async () => {
    for (const credentials of [
      { email: demoCustomer.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever-1' },
    ]) {
      const { data, error } = await newClient(standIn.url).auth.signInWithPassword(credentials)
      expect(data.session).toBeNull()
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    }
  })

  it('asks for both an email and a password', async () => {
    const { error } = await newClient(standIn.url).auth.signInWithPassword({ email: demoCustomer.email, password: '' })
    expect(error).toMatchObject({ status: 400, message: 'You must provide either an email or phone number and a password' })
  })
})

describe('refresh tokens', () => {
  it('rotate: the new token works, and the used one, still the parent of the active one, answers with it', async () => {
    const client = await signedIn(standIn.url, demoCustomer)
    const first = (await client.auth.getSession()).data.session!
    const { data: refreshed, error } = await client.auth.refreshSession({ refresh_token: first.refresh_token })
    expect(error).toBeNull()
    const second = refreshed.session!
    expect(second.refresh_token).not.toBe(first.refresh_token)

    const { rows } = await standIn.db.query<{ revoked: boolean; parent: string | null; token: string }>(
      `select token, revoked, parent from auth.refresh_tokens where token in ($1, $2) order by id`,
      [first.refresh_token, second.refresh_token],
    )
    expect(rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: second.refresh_token, revoked: false, parent: first.refresh_token },
    ])

    // The client may have missed the answer: GoTrue hands out the active token again, not a new one.
    const again = await newClient(standIn.url).auth.refreshSession({ refresh_token: first.refresh_token })
    expect(again.error).toBeNull()
    expect(again.data.session?.refresh_token).toBe(second.refresh_token)
  })

  it('the newest token keeps working when nobody replays an old one', async () => {
    const client = await signedIn(standIn.url, demoCustomer)
    let token = (await client.auth.getSession()).data.session!.refresh_token
    for (let i = 0; i < 3; i++) {
      const { data, error } = await newClient(standIn.url).auth.refreshSession({ refresh_token: token })
      expect(error).toBeNull()
      token = data.session!.refresh_token
    }
  })

  it('an unknown token is not found', async () => {
    const { error } = await newClient(standIn.url).auth.refreshSession({ refresh_token: 'no-such-token' })
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' })
  })
})

describe('logout', () => {
  it('revokes the refresh token and ends the session', async () => {
    const client = await signedIn(standIn.url, demoCustomer)
    const session = (await client.auth.getSession()).data.session!
    const { error } = await client.auth.signOut()
    expect(error).toBeNull()
    expect((await client.auth.getSession()).data.session).toBeNull()

    const refresh = await newClient(standIn.url).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const user = await newClient(standIn.url).auth.getUser(session.access_token)
    expect(user.error?.message).toBe('Auth session missing!')
  })

  it('scope local leaves the user’s other sessions alone', async () => {
    const phone = await signedIn(standIn.url, demoCustomer)
    const laptop = await signedIn(standIn.url, demoCustomer)
    const laptopSession = (await laptop.auth.getSession()).data.session!
    expect((await phone.auth.signOut({ scope: 'local' })).error).toBeNull()
    const { error } = await newClient(standIn.url).auth.refreshSession({ refresh_token: laptopSession.refresh_token })
    expect(error).toBeNull()
  })
})

describe('user', () => {
  it('GET /user without a valid token is refused', async () => {
    const missing = await fetch(`${standIn.url}/auth/v1/user`, { headers: anonHeaders })
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ code: 401, error_code: 'no_authorization' })
    const { error } = await newClient(standIn.url).auth.getUser('not.a.jwt')
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' })
    const { error: noSession } = await newClient(standIn.url).auth.getUser()
    expect(noSession?.message).toBe('Auth session missing!')
  })

  it('PUT /user updates metadata and refuses a weak or unchanged password', async () => {
    const email = uniqueEmail('update')
    const client = newClient(standIn.url)
    await client.auth.signUp({ email, password: 'first-password' })
    const { data, error } = await client.auth.updateUser({ data: { full_name: 'New Name' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'New Name' })
    expect((await client.auth.updateUser({ password: '123' })).error).toMatchObject({ status: 422, code: 'weak_password' })
    expect((await client.auth.updateUser({ password: 'first-password' })).error).toMatchObject({ status: 422, code: 'same_password' })
  })
})

describe('password recovery', () => {
  it('mails a link whose session can set a new password', async () => {
    const email = uniqueEmail('recover')
    await newClient(standIn.url).auth.signUp({ email, password: 'old-password' })

    const client = newClient(standIn.url)
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4173/es/reset-password' })
    expect(error).toBeNull()

    const mails = (await (await fetch(`${standIn.url}/_dev/mail`)).json()) as { to: string; type: string; link: string }[]
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: email, type: 'recovery' })
    expect(mails[0]!.link).toMatch(new RegExp(`^${standIn.url}/auth/v1/verify\\?token=\\w+&type=recovery&redirect_to=`))

    const response = await fetch(mails[0]!.link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4173/es/reset-password')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('expires_in')).toBe('3600')

    const { error: sessionError } = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })
    expect(sessionError).toBeNull()
    expect((await client.auth.updateUser({ password: 'new-password' })).error).toBeNull()

    expect((await newClient(standIn.url).auth.signInWithPassword({ email, password: 'new-password' })).error).toBeNull()
    expect((await newClient(standIn.url).auth.signInWithPassword({ email, password: 'old-password' })).error?.message).toBe('Invalid login credentials')

    // The link works once.
    const again = await fetch(mails[0]!.link, { redirect: 'manual' })
    const failed = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1))
    expect(failed.get('error')).toBe('access_denied')
    expect(failed.get('error_code')).toBe('otp_expired')

    const cleared = await fetch(`${standIn.url}/_dev/mail`, { method: 'DELETE' })
    expect(cleared.status).toBe(204)
    expect(await (await fetch(`${standIn.url}/_dev/mail`)).json()).toEqual([])
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const { data, error } = await newClient(standIn.url).auth.resetPasswordForEmail('nobody-here@example.com')
    expect(error).toBeNull()
    expect(data).toEqual({})
    expect(standIn.mail.list()).toEqual([])
  })

  it('the mailed code works with verifyOtp too', async () => {
    const email = uniqueEmail('otp')
    await newClient(standIn.url).auth.signUp({ email, password: 'old-password' })
    await newClient(standIn.url).auth.resetPasswordForEmail(email)
    const [mail] = standIn.mail.list()
    const client = newClient(standIn.url)
    const { data, error } = await client.auth.verifyOtp({ email, token: mail!.otp, type: 'recovery' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
  })

  it('a link to somewhere else falls back to the site URL', async () => {
    await newClient(standIn.url).auth.resetPasswordForEmail(demoCustomer.email, { redirectTo: 'https://evil.example.net/steal' })
    const [mail] = standIn.mail.list()
    const response = await fetch(mail!.link, { redirect: 'manual' })
    expect(response.headers.get('location')).toMatch(/^http:\/\/localhost:4173#access_token=/)
  })
})

describe('GoTrue endpoints', () => {
  it('health and settings answer', async () => {
    expect(await (await fetch(`${standIn.url}/auth/v1/health`, { headers: anonHeaders })).json()).toMatchObject({ name: 'GoTrue' })
    expect(await (await fetch(`${standIn.url}/auth/v1/settings`, { headers: anonHeaders })).json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: true })
  })

  it('answers CORS preflight from a local origin', async () => {
    const response = await fetch(`${standIn.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, content-type, x-client-info' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey')
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
  })
})
