import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode, totpStep } from '../../supabase/local/auth/totp'
import type { StandIn } from '../../supabase/local/server'
import { signedUpCustomer, startTestStandIn } from './helpers'

let standIn: StandIn
const VERIFY_ATTEMPTS_PER_MINUTE = 5

beforeAll(async () => {
  standIn = await startTestStandIn({ auth: { rateLimits: { mfa_verify: { requests: VERIFY_ATTEMPTS_PER_MINUTE, windowMs: 60_000 } } } })
})

afterAll(async () => {
  await standIn?.close()
})

const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString())
const currentClaims = async (client: SupabaseClient) => claimsOf((await client.auth.getSession()).data.session!.access_token)
/** The code an authenticator app shows now (`ahead` steps later: a code not used yet). */
const codeNow = (secret: string, ahead = 0) => totpCode(secret, totpStep(Date.now()) + ahead)

async function enrolled(client: SupabaseClient) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Teléfono' })
  if (error) throw error
  return data as { id: string; totp: { qr_code: string; secret: string; uri: string } }
}

async function verify(client: SupabaseClient, factorId: string, code: string) {
  const challenge = await client.auth.mfa.challenge({ factorId })
  if (challenge.error) throw challenge.error
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code })
}

describe('two-step verification (TOTP) through supabase-js', () => {
  it('enrols a factor: an SVG QR code of the otpauth URI, the secret to type, the factor unverified in the user', async () => {
    const { client, email } = await signedUpCustomer(standIn.url, 'mfa-enrol')
    const factor = await enrolled(client)
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^#]*<\/svg>$/)
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    const issuer = encodeURIComponent(new URL(process.env.SUPABASE_LOCAL_SITE_URL ?? 'http://localhost:4173').host)
    expect(factor.totp.uri).toBe(`otpauth://totp/${issuer}:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=${issuer}&period=30&secret=${factor.totp.secret}`)
    const { data: factors } = await client.auth.mfa.listFactors()
    expect(factors?.all).toEqual([expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Teléfono' })])
    expect(factors?.totp).toEqual([])
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1', currentAuthenticationMethods: [expect.objectContaining({ method: 'password' })] })
  })

  it('refuses a wrong code with mfa_verification_failed and leaves the session at aal1', async () => {
    const { client } = await signedUpCustomer(standIn.url, 'mfa-wrong')
    const factor = await enrolled(client)
    const wrong = String((Number(codeNow(factor.totp.secret)) + 1) % 1_000_000).padStart(6, '0')
    const { data, error } = await verify(client, factor.id, wrong)
    expect(data).toBeNull()
    expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })
    expect((await currentClaims(client)).aal).toBe('aal1')
  })

  it('refuses a code from outside the window (two steps old) and a code already used', async () => {
    const { client } = await signedUpCustomer(standIn.url, 'mfa-old')
    const factor = await enrolled(client)
    const stale = await verify(client, factor.id, codeNow(factor.totp.secret, -3))
    expect(stale.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })

    const code = codeNow(factor.totp.secret)
    expect((await verify(client, factor.id, code)).error).toBeNull()
    const replayed = await verify(client, factor.id, code)
    expect(replayed.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
  })

  it('verifies: a new session at aal2 (amr totp then password), the factor verified; a refresh keeps aal2', async () => {
    const { client } = await signedUpCustomer(standIn.url, 'mfa-verify')
    const before = (await client.auth.getSession()).data.session!
    const factor = await enrolled(client)
    const { data, error } = await verify(client, factor.id, codeNow(factor.totp.secret))
    expect(error).toBeNull()
    expect(data?.refresh_token).not.toBe(before.refresh_token)
    const claims = claimsOf(data!.access_token)
    expect(claims).toMatchObject({ aal: 'aal2', session_id: claimsOf(before.access_token).session_id })
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['totp', 'password'])
    expect((await currentClaims(client)).aal).toBe('aal2')
    const { data: factors } = await client.auth.mfa.listFactors()
    expect(factors?.totp).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })])

    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2')
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
  })

  it('signs in at aal1 when a factor is verified, and the code raises the new session to aal2', async () => {
    const { client, email, password } = await signedUpCustomer(standIn.url, 'mfa-signin')
    const factor = await enrolled(client)
    expect((await verify(client, factor.id, codeNow(factor.totp.secret))).error).toBeNull()

    const { data: signIn } = await client.auth.signInWithPassword({ email, password })
    expect(claimsOf(signIn.session!.access_token).aal).toBe('aal1')
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect((await verify(client, factor.id, codeNow(factor.totp.secret, 1))).error).toBeNull()
    expect((await currentClaims(client)).aal).toBe('aal2')
  })

  it('unenrols a verified factor only at aal2 (insufficient_aal at aal1), and the session falls back to aal1', async () => {
    const { client, email, password } = await signedUpCustomer(standIn.url, 'mfa-unenrol')
    const factor = await enrolled(client)
    expect((await verify(client, factor.id, codeNow(factor.totp.secret))).error).toBeNull()

    const other = await signedUpCustomer(standIn.url, 'mfa-unenrol-other')
    await other.client.auth.signInWithPassword({ email, password })
    const refused = await other.client.auth.mfa.unenroll({ factorId: factor.id })
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' })

    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id })
    expect(error).toBeNull()
    expect(data).toEqual({ id: factor.id })
    const refreshed = await client.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1')
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([])
  })

  it('refuses enrolling a second factor at aal1 once one is verified, and another user\'s factor is not found', async () => {
    const { client, email, password } = await signedUpCustomer(standIn.url, 'mfa-second')
    const factor = await enrolled(client)
    expect((await verify(client, factor.id, codeNow(factor.totp.secret))).error).toBeNull()
    const atAal1 = await signedUpCustomer(standIn.url, 'mfa-second-session')
    await atAal1.client.auth.signInWithPassword({ email, password })
    const second = await atAal1.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Otro' })
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' })

    const stranger = await signedUpCustomer(standIn.url, 'mfa-stranger')
    const challenge = await stranger.client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
  })

  it(`slows a brute force down: past ${VERIFY_ATTEMPTS_PER_MINUTE} attempts a minute on one factor, even the right code is refused with 429`, async () => {
    const { client } = await signedUpCustomer(standIn.url, 'mfa-brute')
    const factor = await enrolled(client)
    const right = codeNow(factor.totp.secret)
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0')
    for (let attempt = 0; attempt < VERIFY_ATTEMPTS_PER_MINUTE; attempt++) {
      expect((await verify(client, factor.id, wrong)).error).toMatchObject({ code: 'mfa_verification_failed' })
    }
    const limited = await verify(client, factor.id, right)
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    expect((await currentClaims(client)).aal).toBe('aal1')

    // The limit is the factor's: another user's factor is tried as usual.
    const other = await signedUpCustomer(standIn.url, 'mfa-brute-other')
    const otherFactor = await enrolled(other.client)
    expect((await verify(other.client, otherFactor.id, codeNow(otherFactor.totp.secret))).error).toBeNull()
  })
})
