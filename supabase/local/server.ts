// The stand-in's HTTP server: /auth/v1 (GoTrue subset), /rest/v1 (PostgREST subset),
// /realtime/v1 (Realtime's postgres_changes), /storage/v1 (Storage's object API), /functions/v1
// (the Edge Functions, and the stand-in's Stripe on a port of its own) and /_dev/mail (the mail catcher), over one PGlite database.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { RetryPolicy } from '../functions/send-push/retry-policy.ts'
import { resolveAuthConfig, type AuthOptions } from './auth/config'
import { readStorageToml } from './config'
import { authHandler } from './auth/router'
import { Sessions } from './auth/sessions'
import { corsHeaders, preflight } from './cors'
import { openDatabase } from './database'
import { FUNCTIONS_PREFIX, startFunctions, type LocalMailOptions } from './functions/server'
import { apiKeyRefusal } from './gateway'
import {
  answerClientError,
  declaresTooLargeBody,
  json,
  requestUrl,
  toHttpRequest,
  writeResponse,
  type Handler,
  type HttpRequest,
  type HttpResponse,
} from './http'
import { DEFAULT_PORT } from './keys'
import { MailOutbox, mailHandler } from './mail'
import { CaughtMail } from './mail-catcher/messages'
import { startMailCatcher } from './mail-catcher/server'
import { startRealtime } from './realtime/server'
import { restHandler } from './rest/handler'
import { syncBuckets } from './storage/buckets'
import { ObjectFiles } from './storage/files'
import { STORAGE_PREFIX, storageHandler } from './storage/handler'
import { ResumableUploads } from './storage/resumable-store'
import { AUTH_PREFIX, bodyTooLargeResponse, failureResponse, isUnder, REST_PREFIX, serviceErrorResponse, serviceErrors } from './service-errors'

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
  /** Serve the mail catcher at /_dev/mail (default: on unless SUPABASE_LOCAL_DEV_MAIL=off). Mail is logged either way. */
  devMail?: boolean
  /** How send-push tries a busy or failing push service again (tests make it quick). */
  pushRetry?: RetryPolicy
  /** The stand-in's Stripe's port (default: any free one; `npm run backend` gives 54325 or SUPABASE_LOCAL_STRIPE_PORT). */
  stripePort?: number
  /** The mail catcher's port, Mailpit's API (default: any free one; `npm run backend` gives 54324 or SUPABASE_LOCAL_MAIL_PORT). Off with devMail. */
  mailPort?: number
  /** How send-mail delivers and retries (tests put a failing provider in between and make it quick); false: never run on its own. */
  mailSender?: LocalMailOptions | false
}

export interface StandIn {
  url: string
  port: number
  db: PGlite
  /** The database was created by this start (migrations + seed applied). */
  fresh: boolean
  mail: MailOutbox
  /** The dev mailbox (GET lists, DELETE empties); undefined when switched off. */
  mailUrl: string | undefined
  /** The mail catcher (Mailpit's API v1 and a page listing the mail); undefined when switched off. */
  mailCatcherUrl: string | undefined
  /** What the catcher holds; undefined when switched off. */
  caughtMail: CaughtMail | undefined
  /** The stand-in's Stripe (its API and test checkout pages); undefined with STRIPE_SECRET_KEY set. */
  stripeUrl: string | undefined
  close(): Promise<void>
}

const HOST = '127.0.0.1'
const ORIGIN = `http://${HOST}`
const MAIL_PREFIX = '/_dev/mail'
const KEEP_ALIVE_MS = 65_000

export async function startStandIn(opts: StandInOptions = {}): Promise<StandIn> {
  const log = opts.log ?? ((line: string) => console.log(line))
  const devMail = opts.devMail ?? process.env.SUPABASE_LOCAL_DEV_MAIL !== 'off'
  const caughtMail = devMail ? new CaughtMail() : undefined
  const mail = new MailOutbox(log)
  // Known once the catcher listens (after the server: requests before it find none).
  const caught: { url?: string } = {}
  const routes: Routes = {
    mail: devMail ? mailHandler(mail, () => caught.url) : undefined,
    // Until the database is open every gateway request is answered 503, so health checks wait.
    services: [],
  }

  const server = createServer((incoming, res) => {
    const started = performance.now()
    const url = requestUrl(incoming.url, ORIGIN)
    if (!url) {
      writeResponse(res, { ...json(400, { message: 'Bad Request' }), close: true }, {}, false)
      return
    }
    const request = toHttpRequest(incoming, url)
    const head = request.method === 'HEAD'
    const cors = isUnder(url.pathname, MAIL_PREFIX) ? {} : corsHeaders(request)
    const send = (response: HttpResponse) => {
      try {
        writeResponse(res, response, cors, head)
      } catch (error) {
        // A header Node refuses to send (a character it cannot encode): still answer, without it.
        log(`[error] writing the response to ${request.method} ${url.pathname}: ${String(error)}`)
        if (res.headersSent) res.destroy()
        else writeResponse(res, serviceErrorResponse(url.pathname, serviceErrors.unexpected()), cors, head)
      }
      if (!opts.quiet) log(`${request.method} ${url.pathname} ${response.status} ${(performance.now() - started).toFixed(0)}ms`)
    }
    void respond(request, routes, log)
      .catch((error: unknown) => failureResponse(request, error, log))
      .then(send)
  })
  server.on('clientError', answerClientError)
  // Clients reuse an idle connection until shortly before the server's advertised keep-alive ends;
  // with Node's 5 s a busy client's request could cross the server's close and be reset. Hosted
  // gateways keep idle connections for a minute or more, and so does this one.
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1000
  // The port first: a second stand-in must fail before it opens (and could harm) the same database.
  await listen(server, opts.port ?? DEFAULT_PORT)
  server.on('error', (error) => log(`[error] server: ${String(error)}`))
  const { port } = server.address() as AddressInfo
  const url = `http://${HOST}:${port}`
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })

  const catcher = caughtMail && (await startMailCatcher(opts.mailPort ?? 0, caughtMail, log).catch(async (error: unknown) => {
    await closeServer()
    throw error
  }))
  caught.url = catcher?.url
  const closeServers = () => Promise.all([closeServer(), catcher?.close()]).then(() => undefined)
  let opened: Awaited<ReturnType<typeof openDatabase>>
  try {
    opened = await openDatabase({ dataDir: opts.dataDir, seed: true, log: opts.quiet ? undefined : log })
  } catch (error) {
    await closeServers()
    throw error
  }
  const { db, fresh } = opened
  const realtime = await startRealtime(server, db, { log, quiet: opts.quiet }).catch(async (error: unknown) => {
    await closeServers().then(() => db.close())
    throw error
  })
  const config = resolveAuthConfig({ apiUrl: () => url, siteUrl: opts.siteUrl, confirmEmail: opts.confirmEmail, auth: opts.auth })
  const sessions = new Sessions(db, () => `${url}/auth/v1`, config.refreshTokens)
  const storage = readStorageToml()
  await syncBuckets(db, storage.buckets)
  // Objects' bytes (and resumable uploads' so far) beside the database, or in a folder of their own for an in-memory one.
  const temporaryFiles = opts.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'supabase-local-storage-'))
  const files = new ObjectFiles(opts.dataDir ? join(opts.dataDir, 'storage') : join(temporaryFiles!, 'objects'))
  const uploads = new ResumableUploads(join(opts.dataDir ?? temporaryFiles!, 'storage-uploads'))
  routes.services = [
    [AUTH_PREFIX, authHandler({ db, sessions, mail, config })],
    [REST_PREFIX, restHandler(db)],
    [STORAGE_PREFIX, storageHandler({ db, files, uploads, fileSizeLimit: storage.fileSizeLimit })],
  ]
  // After the other services: the webhook calls /rest/v1 as soon as it hears a notification.
  const functions = await startFunctions({ db, url, siteUrl: config.redirects.siteUrl, dataDir: opts.dataDir, retry: opts.pushRetry, stripePort: opts.stripePort, mailCatcherUrl: catcher?.url, mail: opts.mailSender, log }).catch(async (error: unknown) => {
    await realtime.close().then(closeServers).then(() => db.close())
    throw error
  })
  routes.services.push([FUNCTIONS_PREFIX, functions.handler])
  mail.sendThrough(functions.sendEmailHook)

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    db,
    fresh,
    mail,
    mailUrl: routes.mail && `${url}${MAIL_PREFIX}`,
    mailCatcherUrl: catcher?.url,
    caughtMail,
    stripeUrl: functions.stripeUrl,
    close() {
      closing ??= functions
        .close()
        .then(() => realtime.close())
        .then(closeServers)
        .then(() => db.close())
        .then(() => (temporaryFiles ? rm(temporaryFiles, { recursive: true, force: true }) : undefined))
      return closing
    },
  }
}

interface Routes {
  /** The dev mailbox: no API key, no CORS; undefined when switched off. */
  mail: Handler | undefined
  /** What sits behind the API gateway. */
  services: [prefix: string, handler: Handler][]
}

async function respond(request: HttpRequest, routes: Routes, log: (line: string) => void): Promise<HttpResponse> {
  const path = request.url.pathname
  // Storage takes files larger than the other services' bodies; it checks their size itself.
  const storage = isUnder(path, STORAGE_PREFIX)
  if (!storage && declaresTooLargeBody(request)) return bodyTooLargeResponse(path)
  if (isUnder(path, MAIL_PREFIX)) return routes.mail ? routes.mail(request) : noRoute()
  if (request.method === 'OPTIONS') return preflight(request)
  if (routes.services.length === 0) return json(503, { message: 'The local stand-in is still starting' })
  const route = routes.services.find(([prefix]) => isUnder(path, prefix))
  if (!route) return noRoute()
  // As Kong's storage and functions routes: no key check (Storage checks the bearer token itself,
  // and public and signed URLs are opened by an <img> or a link that carries none; the functions'
  // gateway checks the JWT, and Stripe's webhook carries neither).
  const refusal = storage || isUnder(path, FUNCTIONS_PREFIX) ? undefined : apiKeyRefusal(request)
  if (refusal) return refusal
  try {
    return await route[1](request)
  } catch (error) {
    return failureResponse(request, error, log)
  }
}

function noRoute(): HttpResponse {
  return json(404, { message: 'no Route matched with those values' })
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
