// The functions gateway's JWT check, as the hosted Edge Runtime does it: a call needs
// `Authorization: Bearer <JWT>` signed with the project's secret (the anon key, a user's session,
// the service role key) unless config.toml sets the function's verify_jwt = false.
import { json, type HttpRequest, type HttpResponse } from '../http'
import { bearerToken, verifyJwt } from '../jwt'

/** The 401 the gateway answers, or undefined when the call may reach the function. */
export async function jwtRefusal(request: HttpRequest, verify: boolean): Promise<HttpResponse | undefined> {
  if (!verify) return undefined
  const token = bearerToken(request.header('authorization'))
  if (!token) return json(401, { code: 401, message: 'Missing authorization header' })
  return (await verifyJwt(token)).ok ? undefined : json(401, { code: 401, message: 'Invalid JWT' })
}
