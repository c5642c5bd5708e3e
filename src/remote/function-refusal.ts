import { FunctionsHttpError } from '@supabase/supabase-js'
import { RefusedError } from './refused-error'

/** The key of the functions gateway's 401 (a JWT missing, expired or not the project's), whose answer carries none of ours. */
export const GATEWAY_UNAUTHORIZED = 'gateway_unauthorized'

/**
 * An Edge Function's error answer (supabase.functions.invoke's FunctionsHttpError) as a RefusedError
 * that errorText says in the reader's language: our functions' `{ error: key, message, detail? }` by
 * its key and detail, the gateway's 401 `{ code, message }` by GATEWAY_UNAUTHORIZED. Anything else
 * (no network, a relay's failure) comes back as it was.
 */
export async function functionRefusal(error: unknown): Promise<unknown> {
  if (!(error instanceof FunctionsHttpError)) return error
  const response = error.context as Response
  let body: { error?: unknown; message?: unknown; detail?: unknown } = {}
  try {
    body = (await response.clone().json()) as typeof body
  } catch {
    // not JSON: said by its status alone
  }
  const message = typeof body.message === 'string' ? body.message : `${error.message} (${response.status})`
  const hint = typeof body.error === 'string' ? body.error : response.status === 401 ? GATEWAY_UNAUTHORIZED : null
  return new RefusedError({ message, code: null, hint, details: body.detail === undefined ? null : JSON.stringify(body.detail) })
}
