// /factors: GoTrue's TOTP multi-factor authentication (internal/api/mfa.go), the endpoints and
// errors supabase-js's `auth.mfa` uses. Phone and WebAuthn factors are off, as on a new project.
import QRCode from 'qrcode'
import type { Claims } from '../jwt'
import { json, type HttpRequest, type HttpResponse } from '../http'
import { readJsonObject, stringField } from './body'
import { requireUser, type AuthContext } from './context'
import { AuthError, authErrors } from './errors'
import { acceptCode, createChallenge, createTotpFactor, deleteChallenge, deleteFactor, factorsOf, findChallenge, findFactor, type FactorRow } from './factors'
import { clientAddress, limitFactor } from './limits'
import { matchingTotpStep, newTotpSecret } from './totp'

/** GoTrue's MFA_MAX_ENROLLED_FACTORS (and MAX_VERIFIED_FACTORS) default. */
const MAX_FACTORS = 10
/** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION default. */
const CHALLENGE_EXPIRY_MS = 300_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const mfaErrors = {
  unsupportedType: () => new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn'),
  phoneDisabled: () => new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  webauthnDisabled: () => new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  nameConflict: (name: string) => new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`),
  tooMany: () => new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  aal2ToEnroll: () => new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor'),
  aal2ToUnenroll: () => new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor'),
  factorIdNotUuid: () => new AuthError(404, 'validation_failed', 'factor_id must be an UUID'),
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  challengeNotFound: () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  challengeUsedOrMoved: () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
  challengeExpired: (id: string) =>
    new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`),
  emptyCode: () => new AuthError(400, 'validation_failed', 'Code needs to be non-empty'),
  wrongCode: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
}

const isAal2 = (claims: Claims) => claims.aal === 'aal2'

/** The issuer an authenticator app shows: the site's host, as GoTrue takes it from SITE_URL. */
function siteHost(context: AuthContext): string {
  try {
    return new URL(context.config.redirects.siteUrl).host
  } catch {
    return 'localhost'
  }
}

/** POST /factors {factor_type, friendly_name, issuer} */
export async function enrollFactor(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const { user, claims } = await requireUser(context, request)
  const body = await readJsonObject(request)
  const factorType = stringField(body, 'factor_type')
  if (factorType === 'phone') throw mfaErrors.phoneDisabled()
  if (factorType === 'webauthn') throw mfaErrors.webauthnDisabled()
  if (factorType !== 'totp') throw mfaErrors.unsupportedType()
  const friendlyName = stringField(body, 'friendly_name')
  const issuer = stringField(body, 'issuer') || siteHost(context)

  const factors = await factorsOf(context.db, user.id)
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) throw mfaErrors.nameConflict(friendlyName)
  if (factors.length >= MAX_FACTORS) throw mfaErrors.tooMany()
  if (factors.some((factor) => factor.status === 'verified') && !isAal2(claims)) throw mfaErrors.aal2ToEnroll()

  const secret = newTotpSecret()
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(user.email ?? '')}`
  const uri = `otpauth://totp/${label}?algorithm=SHA1&digits=6&issuer=${encodeURIComponent(issuer)}&period=30&secret=${secret}`
  const factor = await createTotpFactor(context.db, user.id, friendlyName, secret)
  return json(200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    // Raw SVG, as GoTrue sends it: supabase-js makes it a data: URI, which a `#` would cut short.
    totp: { qr_code: await qrSvg(uri), secret, uri },
  })
}

async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'H', margin: 4 })
  return svg.replace(/#ffffff/gi, 'white').replace(/#000000/gi, 'black').trim()
}

async function ownFactor(context: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw mfaErrors.factorIdNotUuid()
  const factor = await findFactor(context.db, userId, factorId)
  if (!factor) throw mfaErrors.factorNotFound()
  return factor
}

/** POST /factors/{id}/challenge */
export async function challengeFactor(context: AuthContext, request: HttpRequest, factorId: string): Promise<HttpResponse> {
  const { user } = await requireUser(context, request)
  const factor = await ownFactor(context, user.id, factorId)
  const challenge = await createChallenge(context.db, factor.id, clientAddress(request))
  return json(200, {
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor((challenge.created_at.getTime() + CHALLENGE_EXPIRY_MS) / 1000),
  })
}

/**
 * POST /factors/{id}/verify {challenge_id, code}: a new session at aal2. Each factor may be
 * tried a limited number of times a minute (limits.ts), and a code is good once: a code of a
 * time step already used, or outside one step either side of now, is wrong.
 */
export async function verifyFactor(context: AuthContext, request: HttpRequest, factorId: string): Promise<HttpResponse> {
  const { user, claims } = await requireUser(context, request)
  const factor = await ownFactor(context, user.id, factorId)
  limitFactor(context, factor.id)
  const body = await readJsonObject(request)
  const challengeId = stringField(body, 'challenge_id')
  const code = stringField(body, 'code').trim()
  if (code === '') throw mfaErrors.emptyCode()
  const challenge = UUID.test(challengeId) ? await findChallenge(context.db, factor.id, challengeId) : undefined
  if (!challenge) throw mfaErrors.challengeNotFound()
  if (challenge.verified_at || challenge.ip_address !== clientAddress(request)) throw mfaErrors.challengeUsedOrMoved()
  if (Date.now() > challenge.created_at.getTime() + CHALLENGE_EXPIRY_MS) {
    await deleteChallenge(context.db, challenge.id)
    throw mfaErrors.challengeExpired(challenge.id)
  }
  if (!claims.session_id) throw authErrors.sessionNotFound()
  const step = matchingTotpStep(factor.secret ?? '', code, Date.now())
  if (step === undefined || !(await acceptCode(context.db, factor, challenge.id, step))) throw mfaErrors.wrongCode()
  return json(200, await context.sessions.elevate(user, claims.session_id, factor.id))
}

/** DELETE /factors/{id}: a verified factor only from a session at aal2. */
export async function unenrollFactor(context: AuthContext, request: HttpRequest, factorId: string): Promise<HttpResponse> {
  const { user, claims } = await requireUser(context, request)
  const factor = await ownFactor(context, user.id, factorId)
  if (factor.status === 'verified' && !isAal2(claims)) throw mfaErrors.aal2ToUnenroll()
  await deleteFactor(context.db, factor.id)
  await context.sessions.downgrade(factor.id)
  return json(200, { id: factor.id })
}
