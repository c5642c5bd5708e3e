// Where Stripe sends the customer back: the app's own origin, never a URL a caller wrote. The
// request's Origin is taken when it is the site (SITE_URL: same scheme and host, any port on
// localhost, as Auth's redirects allow) or one of APP_ORIGINS; otherwise the site.
import { required, type Env } from './env.ts'

const LOCALHOST = new Set(['localhost', '127.0.0.1', '[::1]'])

export function appOrigin(request: Request, env: Env): string {
  const site = new URL(required(env, 'SITE_URL'))
  const others = (env('APP_ORIGINS') ?? '').split(',').map((origin) => origin.trim()).filter(Boolean)
  const given = parseOrigin(request.headers.get('origin'))
  if (!given) return site.origin
  if (others.some((origin) => parseOrigin(origin)?.origin === given.origin)) return given.origin
  const sameSite = given.protocol === site.protocol && given.hostname === site.hostname && (given.port === site.port || LOCALHOST.has(site.hostname))
  return sameSite ? given.origin : site.origin
}

function parseOrigin(value: string | null): URL | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}
