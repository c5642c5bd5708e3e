import { getSupabase } from './client'
import { RefusedError } from './refused-error'

/** A mail the sender gave up on (public.mail_outbox, status failed): `failed_at` is when. */
export interface FailedMail {
  id: string
  user_id: string | null
  address: string
  kind: string
  attempts: number
  last_error: string | null
  failed_at: string
}

/** An address that no longer takes mail (public.mail_suppressions, not lifted). */
export interface MailSuppression {
  id: string
  address: string
  user_id: string | null
  reason: 'hard_bounce' | 'complaint'
  detail: string | null
  created_at: string
}

export interface MailTrouble {
  failed: FailedMail[]
  suppressed: MailSuppression[]
}

/** The most of each list shown: the newest. */
export const MAIL_TROUBLE_LIMIT = 200

/** The failed mail and the standing suppressions, newest first (admins only: RLS gives anyone else none). */
export async function fetchMailTrouble(signal: AbortSignal): Promise<MailTrouble> {
  const client = await getSupabase()
  const [failed, suppressed] = await Promise.all([
    client
      .from('mail_outbox')
      .select('id, user_id, address, kind, attempts, last_error, failed_at:next_attempt_at')
      .eq('status', 'failed')
      .order('next_attempt_at', { ascending: false })
      .limit(MAIL_TROUBLE_LIMIT)
      .abortSignal(signal),
    client.from('mail_suppressions').select('id, address, user_id, reason, detail, created_at').is('lifted_at', null).order('created_at', { ascending: false }).limit(MAIL_TROUBLE_LIMIT).abortSignal(signal),
  ])
  if (failed.error) throw new RefusedError(failed.error)
  if (suppressed.error) throw new RefusedError(suppressed.error)
  return { failed: failed.data as FailedMail[], suppressed: suppressed.data as MailSuppression[] }
}

/** The customer's standing suppression, if their mail is stopped (admins only). */
export async function fetchSuppressionOf(userId: string, signal: AbortSignal): Promise<MailSuppression | null> {
  const client = await getSupabase()
  const { data, error } = await client
    .from('mail_suppressions')
    .select('id, address, user_id, reason, detail, created_at')
    .eq('user_id', userId)
    .is('lifted_at', null)
    .order('created_at', { ascending: false })
    .limit(1)
    .abortSignal(signal)
  if (error) throw new RefusedError(error)
  return (data[0] as MailSuppression | undefined) ?? null
}

/** Queues a failed mail again, with its idempotency key. */
export async function retryMail(id: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('retry_mail', { p_id: id })
  if (error) throw new RefusedError(error)
}

/** Mail goes to the address again from now on. */
export async function liftMailSuppression(id: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('lift_mail_suppression', { p_id: id })
  if (error) throw new RefusedError(error)
}
