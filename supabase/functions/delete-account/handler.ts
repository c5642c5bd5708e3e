// delete-account: a customer closes their own account. POST { password } with their session → the
// password checked at Auth's token endpoint (as a sign-in would) → public.close_account with the
// service role (refused while packages wait, a shipment is open or money is owed; otherwise the
// profile is emptied of what identifies them and the sign-in made unusable, in one transaction) →
// their files in Storage removed.
import { ConfigError, type Env } from '../_shared/env.ts'
import { bearerToken, CORS_HEADERS, json, jsonObject, postOnly, refusal } from '../_shared/http.ts'
import { DatabaseFailure, DatabaseRefusal, readSupabaseApi, rpc, signedInUser, type SupabaseApi } from '../_shared/supabase-api.ts'

interface StoredFile {
  bucket: string
  name: string
}

export function deleteAccountHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    const notPost = postOnly(request)
    if (notPost) return notPost
    try {
      return await deleteAccount(request, env, log)
    } catch (error) {
      if (error instanceof DatabaseRefusal) return refusal(error.status, error.key, error.message, error.detail)
      if (error instanceof ConfigError || error instanceof DatabaseFailure) {
        log(`[delete-account] ${error.message}`)
        return refusal(502, 'service_unavailable', 'The account service did not answer; try again')
      }
      throw error
    }
  }
}

async function deleteAccount(request: Request, env: Env, log: (line: string) => void): Promise<Response> {
  const api = readSupabaseApi(env)
  const user = await signedInUser(api, bearerToken(request))
  if (!user?.email) return refusal(401, 'not_signed_in', 'Sign in to delete your account')
  const password = (await jsonObject(request))?.password
  if (typeof password !== 'string' || password === '') return refusal(400, 'password_required', 'Type your password to delete your account')

  const proof = await passwordSession(api, user.email, password)
  if (proof === 'wrong') return refusal(403, 'wrong_password', 'The password is not this account’s')
  if (proof === 'too_many') return refusal(429, 'too_many_attempts', 'Too many attempts; wait a moment and try again')
  let closed: { files: StoredFile[] }
  try {
    closed = (await rpc(api, 'close_account', { p_user_id: user.id })) as { files: StoredFile[] }
  } catch (error) {
    // The session the password check opened ends with the refusal (closing the account ends them all).
    await endSession(api, proof.accessToken)
    throw error
  }
  const left = await removeFiles(api, closed.files)
  if (left > 0) log(`[delete-account] ${left} files of closed account ${user.id} could not be removed`)
  return json(200, { closed: true }, CORS_HEADERS)
}

/** Signs in with the password, as the login form does: a session proves it, Auth's refusal says it is wrong. */
async function passwordSession(api: SupabaseApi, email: string, password: string): Promise<{ accessToken: string } | 'wrong' | 'too_many'> {
  let response: Response
  try {
    response = await fetch(`${api.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  } catch (error) {
    throw new DatabaseFailure(`Auth did not answer: ${String(error)}`)
  }
  if (response.status === 429) return 'too_many'
  if (response.status >= 500) throw new DatabaseFailure(`Auth answered ${response.status}`)
  if (!response.ok) return 'wrong'
  const session = (await response.json()) as { access_token?: unknown }
  if (typeof session.access_token !== 'string') throw new DatabaseFailure('Auth answered a sign-in without a session')
  return { accessToken: session.access_token }
}

async function endSession(api: SupabaseApi, accessToken: string): Promise<void> {
  await fetch(`${api.url}/auth/v1/logout?scope=local`, { method: 'POST', headers: { apikey: api.anonKey, Authorization: `Bearer ${accessToken}` } }).catch(() => undefined)
}

/** Removes the files, bucket by bucket, with the service role; returns how many are left. */
async function removeFiles(api: SupabaseApi, files: StoredFile[]): Promise<number> {
  let left = 0
  for (const bucket of new Set(files.map((file) => file.bucket))) {
    const names = files.filter((file) => file.bucket === bucket).map((file) => file.name)
    const response = await fetch(`${api.url}/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: 'DELETE',
      headers: { apikey: api.anonKey, Authorization: `Bearer ${api.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
    }).catch(() => undefined)
    if (!response?.ok) left += names.length
  }
  return left
}
