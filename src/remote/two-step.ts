import type { Supabase } from './create-client'
import { RefusedError } from './refused-error'

// Two-step verification through supabase-js's auth.mfa (TOTP): what the step-up dialog and the
// account's section need, each error as a RefusedError whose code is Auth's error_code.

export interface Factor {
  id: string
  friendlyName: string
  verified: boolean
}

export interface Enrolment {
  factorId: string
  /** The QR code as an image URL (an SVG data: URI). */
  qrCode: string
  /** The same secret, for typing into an authenticator app. */
  secret: string
}

function refused(error: { message: string; code?: string | undefined }): RefusedError {
  return new RefusedError({ message: error.message, code: error.code ?? null, hint: null, details: null })
}

export async function listFactors(client: Supabase): Promise<Factor[]> {
  const { data, error } = await client.auth.mfa.listFactors()
  if (error) throw refused(error)
  return data.all.filter((factor) => factor.factor_type === 'totp').map((factor) => ({ id: factor.id, friendlyName: factor.friendly_name ?? '', verified: factor.status === 'verified' }))
}

/** A new factor to confirm with a code; unconfirmed ones left from an earlier try go first. */
export async function enrolFactor(client: Supabase, friendlyName: string): Promise<Enrolment> {
  for (const factor of await listFactors(client)) if (!factor.verified) await removeFactor(client, factor.id)
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw refused(error)
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
}

/** The code from the authenticator app: the session is at aal2 afterwards. */
export async function verifyCode(client: Supabase, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') })
  if (error) throw refused(error)
}

export async function removeFactor(client: Supabase, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId })
  if (error) throw refused(error)
}

/** Whether this session should still be confirmed with a code (a verified factor, the session at aal1). */
export async function needsCode(client: Supabase): Promise<boolean> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw refused(error)
  return data.currentLevel === 'aal1' && data.nextLevel === 'aal2'
}

/** A manager at aal2 removes a staff member's factors (a lost phone). */
export async function resetStaffFactors(client: Supabase, userId: string): Promise<number> {
  const { data, error } = await client.rpc('reset_staff_factors', { p_user_id: userId })
  if (error) throw new RefusedError(error)
  return data as number
}
