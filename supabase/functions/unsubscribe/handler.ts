// unsubscribe: turns one kind of mail off for one customer, with no session (verify_jwt = false in
// config.toml): the signed token of the mail's link is its authority (_shared/unsubscribe-link.ts).
// - A mail client's one-click (RFC 8058): POST <List-Unsubscribe URL> with the form body
//   `List-Unsubscribe=One-Click` turns the kind off.
// - The app's page (/{lang}/unsubscribe): POST `{ token }` turns it off, `{ token, undo: true }` on again.
// Either answers 200 `{ kind, mail: "off" | "on" }`, however often it is repeated. A token that is not
// ours is a 400 that does not say what is wrong with it. Web APIs only: the Edge Function (index.ts)
// and the local stand-in run the same code.
import { ConfigError, type Env } from '../_shared/env.ts'
import { CORS_HEADERS, json, jsonObject, postOnly, refusal } from '../_shared/http.ts'
import { mailLinkSecret } from '../_shared/signed-link.ts'
import { DatabaseFailure, DatabaseRefusal, readSupabaseApi, rpc } from '../_shared/supabase-api.ts'
import { readUnsubscribeToken } from '../_shared/unsubscribe-link.ts'

interface Asked {
  token: string | undefined
  /** true: mail of the kind again (the page's Undo). */
  on: boolean
}

/** What the request asks; undefined when it is neither a one-click POST nor the page's JSON. */
async function readRequest(request: Request): Promise<Asked | undefined> {
  const inUrl = new URL(request.url).searchParams.get('token') ?? undefined
  const type = request.headers.get('content-type') ?? ''
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    const form = await request.formData().catch(() => undefined)
    return form?.get('List-Unsubscribe') === 'One-Click' ? { token: inUrl, on: false } : undefined
  }
  if (/^application\/json\b/i.test(type)) {
    const body = await jsonObject(request)
    if (!body || (body.token !== undefined && typeof body.token !== 'string')) return undefined
    return { token: (body.token as string | undefined) ?? inUrl, on: body.undo === true }
  }
  return undefined
}

const badToken = () => refusal(400, 'bad_token', 'This link is not valid')

export function unsubscribeHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    const early = postOnly(request)
    if (early) return early
    try {
      const secret = mailLinkSecret(env)
      const api = readSupabaseApi(env)
      const asked = await readRequest(request)
      if (!asked) return refusal(400, 'bad_request', 'POST List-Unsubscribe=One-Click (a form), or JSON { token, undo? }')
      const unsubscription = asked.token ? await readUnsubscribeToken(secret, asked.token) : undefined
      if (!unsubscription) return badToken()
      await rpc(api, 'set_mail_preference_by_link', { p_user_id: unsubscription.userId, p_kind: unsubscription.kind, p_on: asked.on })
      return json(200, { kind: unsubscription.kind, mail: asked.on ? 'on' : 'off' }, CORS_HEADERS)
    } catch (error) {
      if (error instanceof ConfigError) {
        log(`[unsubscribe] ${error.message}`)
        return refusal(500, 'unsubscribe_not_configured', 'unsubscribe is not configured')
      }
      // Signed by us, yet refused (a receipt's kind, a kind since retired): as good as no token.
      if (error instanceof DatabaseRefusal) return badToken()
      if (error instanceof DatabaseFailure) {
        log(`[unsubscribe] ${error.message}`)
        return refusal(502, 'database_unavailable', 'The database did not answer; try again')
      }
      throw error
    }
  }
}
