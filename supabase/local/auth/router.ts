// /auth/v1: the part of GoTrue that supabase-js's auth client uses in this app.
import { json, type Handler, type HttpRequest, type HttpResponse } from '../http'
import type { AuthContext } from './context'
import { AuthError, authErrorResponse, authErrors } from './errors'
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa'
import { RateLimiter } from './rate-limit'
import { signup } from './signup'
import { token } from './token'
import { getUser, logout, putUser } from './user'
import { recover, verifyLink, verifyOtp } from './verify'

type Route = (context: AuthContext, request: HttpRequest) => Promise<HttpResponse>

const health: Route = async () =>
  json(200, { version: 'v2-local-stand-in', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' })

const settings: Route = async (context) =>
  json(200, {
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: !context.config.confirmEmail,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  })

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  health: { GET: health },
  settings: { GET: settings },
  signup: { POST: signup },
  token: { POST: token },
  user: { GET: getUser, PUT: putUser },
  logout: { POST: logout },
  recover: { POST: recover },
  verify: { GET: verifyLink, POST: verifyOtp },
  factors: { POST: enrollFactor },
}

type FactorRoute = (context: AuthContext, request: HttpRequest, factorId: string) => Promise<HttpResponse>

/** factors/{id}, factors/{id}/challenge, factors/{id}/verify */
const FACTOR_ROUTES: Record<string, Partial<Record<string, FactorRoute>>> = {
  '': { DELETE: unenrollFactor },
  challenge: { POST: challengeFactor },
  verify: { POST: verifyFactor },
}

function findRoute(path: string, method: string): Route {
  const factor = /^factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path)
  const methods = factor ? FACTOR_ROUTES[factor[2] ?? ''] : ROUTES[path]
  if (!methods) throw authErrors.notFound()
  const route = methods[method === 'HEAD' ? 'GET' : method]
  if (!route) throw authErrors.methodNotAllowed()
  return factor ? (context, request) => (route as FactorRoute)(context, request, factor[1]!) : (route as Route)
}

export function authHandler(parts: Omit<AuthContext, 'limiter'>): Handler {
  const context: AuthContext = { ...parts, limiter: new RateLimiter(parts.config.rateLimits) }
  return async (request) => {
    try {
      const path = request.url.pathname.replace(/^\/auth\/v1\/?/, '').replace(/\/$/, '')
      return await findRoute(path, request.method)(context, request)
    } catch (error) {
      if (error instanceof AuthError) return authErrorResponse(error)
      throw error
    }
  }
}
