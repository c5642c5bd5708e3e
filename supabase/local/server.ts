// The stand-in's HTTP server: /auth/v1 (GoTrue subset), /rest/v1 (PostgREST subset) and
// /_dev/mail (the mail catcher), over one PGlite database.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PGlite } from '@electric-sql/pglite'
import { resolveAuthConfig, type AuthOptions } from './auth/config'
import { authHandler } from './auth/router'
import { Sessions } from './auth/sessions'
import { corsHeaders, preflight } from './cors'
import { openDatabase } from './database'
import { BodyTooLargeError, json, toHttpRequest, writeResponse, type Handler, type HttpRequest, type HttpResponse } from './http'
import { DEFAULT_PORT } from './keys'
import { MailOutbox, mailHandler } from './mail'
import { restHandler } from './rest/handler'

export interface StandInOptions {
  /** 0 picks a free port; default 54321. */
  port?: number
  /** Folder of the PGlite database; undefined keeps it in memory (fresh, seeded). */
  dataDir?: string
  /** No request log. */
  quiet?: boolean
  /** Require email confirmation at signup (default: SUPABASE_LOCAL_CONFIRM_EMAIL=true). */
  confirmEmail?: boolean
  /** Where auth links lead when redirect_to is missing or not allowed (default: SUPABASE_LOCAL_SITE_URL, else config.toml site_url). */
  siteUrl?: string
  /** Instead of config.toml's rate limits, redirect allow-list, refresh token reuse and mail frequency. */
  auth?: AuthOptions
  /** Where log lines go (default stdout). */
  log?: (line: string) => void
}

export interface StandIn {
  url: string
  port: number
  db: PGlite
  /** The database was created by this start (migrations + seed applied). */
  fresh: boolean
  mail: MailOutbox
  close(): Promise<void>
}

const HOST = '127.0.0.1'

export async function startStandIn(opts: StandInOptions = {}): Promise<StandIn> {
  const log = opts.log ?? ((line: string) => console.log(line))
  // Until the database is open every request is answered 503, so health checks wait.
  let routes: [prefix: string, handler: Handler][] = []

  const server = createServer((incoming, res) => {
    const started = performance.now()
    const request = toHttpRequest(incoming, `http://${HOST}`)
    void respond(request, routes, log)
      .then((response) => {
        writeResponse(res, response, corsHeaders(request), request.method === 'HEAD')
        if (!opts.quiet) log(`${request.method} ${request.url.pathname} ${response.status} ${(performance.now() - started).toFixed(0)}ms`)
      })
      .catch((error: unknown) => {
        log(`[error] writing the response to ${request.method} ${request.url.pathname}: ${String(error)}`)
        res.destroy()
      })
  })
  // The port first: a second stand-in must fail before it opens (and could harm) the same database.
  await listen(server, opts.port ?? DEFAULT_PORT)
  const { port } = server.address() as AddressInfo
  const url = `http://${HOST}:${port}`
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })

  let opened: Awaited<ReturnType<typeof openDatabase>>
  try {
    opened = await openDatabase({ dataDir: opts.dataDir, seed: true, log: opts.quiet ? undefined : log })
  } catch (error) {
    await closeServer()
    throw error
  }
  const { db, fresh } = opened
  const mail = new MailOutbox(log)
  const config = resolveAuthConfig({ apiUrl: () => url, siteUrl: opts.siteUrl, confirmEmail: opts.confirmEmail, auth: opts.auth })
  const sessions = new Sessions(db, () => `${url}/auth/v1`, config.refreshTokens)
  routes = [
    ['/auth/v1', authHandler({ db, sessions, mail, config })],
    ['/rest/v1', restHandler(db)],
    ['/_dev/mail', mailHandler(mail)],
  ]

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    db,
    fresh,
    mail,
    close() {
      closing ??= closeServer().then(() => db.close())
      return closing
    },
  }
}

async function respond(request: HttpRequest, routes: [string, Handler][], log: (line: string) => void): Promise<HttpResponse> {
  if (request.method === 'OPTIONS') return preflight(request)
  if (routes.length === 0) return json(503, { message: 'The local stand-in is still starting' })
  const path = request.url.pathname
  const route = routes.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))
  if (!route) return json(404, { message: 'no Route matched with those values' })
  try {
    return await route[1](request)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json(413, { message: error.message })
    log(`[error] ${request.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return json(500, { message: 'Internal stand-in error', details: error instanceof Error ? error.message : String(error) })
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
}
