import bcrypt from 'bcryptjs'
import { json, noContent, type HttpRequest, type HttpResponse } from '../http'
import { objectField, readJsonObject, stringField } from './body'
import { requireUser, type AuthContext } from './context'
import { authErrors } from './errors'
import { factorsOf } from './factors'
import { limitClient } from './limits'
import { checkMetadata, mergeMetadata } from './metadata'
import type { LogoutScope } from './sessions'
import { BCRYPT_COST, validatePassword } from './signup'
import { userJson } from './user-json'
import { identitiesOf, normalizeEmail, updateUser, type UserChanges } from './users'

/** GET /user */
export async function getUser(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const { user } = await requireUser(context, request)
  return json(200, userJson(user, await identitiesOf(context.db, user.id), await factorsOf(context.db, user.id)))
}

/** PUT /user: a new password and/or metadata (`data`, merged into the user's). */
export async function putUser(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const { user } = await requireUser(context, request)
  limitClient(context, request, 'sign_in_sign_ups', 'user-update')
  const body = await readJsonObject(request)
  const changes: UserChanges = {}
  const email = stringField(body, 'email')
  if (email !== '' && normalizeEmail(email) !== user.email) {
    throw authErrors.validation('Changing the email address is not supported by the local stand-in')
  }
  const data = objectField(body, 'data')
  if (data) {
    checkMetadata(mergeMetadata(user.raw_user_meta_data ?? {}, data))
    changes.userMetadata = data
  }
  if (body.password !== undefined && body.password !== null) {
    const password = stringField(body, 'password')
    validatePassword(password)
    if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) throw authErrors.samePassword()
    changes.passwordHash = await bcrypt.hash(password, BCRYPT_COST)
  }
  const updated = Object.keys(changes).length > 0 ? await updateUser(context.db, user.id, changes) : user
  return json(200, userJson(updated, await identitiesOf(context.db, updated.id), await factorsOf(context.db, updated.id)))
}

const SCOPES = new Set<LogoutScope>(['global', 'local', 'others'])

/** POST /logout?scope=global|local|others */
export async function logout(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const scope = request.url.searchParams.get('scope') ?? 'global'
  if (!SCOPES.has(scope as LogoutScope)) throw authErrors.validation(`Unsupported logout scope "${scope}"`)
  const { user, claims } = await requireUser(context, request)
  await context.sessions.end(user.id, claims.session_id, scope as LogoutScope)
  return noContent()
}
