// The stand-in's Edge Functions at /functions/v1/<name>: the same code a hosted project deploys
// (each of supabase/functions, registered below), with the stand-in's URL and keys, behind the
// gateway's JWT check that config.toml's verify_jwt sets per function; plus what calls
// them on a hosted project (the notifications webhook; Stripe, or the stand-in's own Stripe) and
// its jobs (pg_cron): storage reminders and fees daily, send-mail every second.
import { randomUUID } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { signWebhook } from '../../functions/_shared/standard-webhooks.ts'
import { authEmailHandler } from '../../functions/auth-email/handler.ts'
import { createCheckoutHandler } from '../../functions/create-checkout/handler.ts'
import { deleteAccountHandler } from '../../functions/delete-account/handler.ts'
import { refundPaymentHandler } from '../../functions/refund-payment/handler.ts'
import { mailEventsHandler } from '../../functions/mail-events/handler.ts'
import { sendMailHandler, type SendMailOptions } from '../../functions/send-mail/handler.ts'
import { sendPushHandler } from '../../functions/send-push/handler.ts'
import type { RetryPolicy } from '../../functions/send-push/retry-policy.ts'
import { stripeWebhookHandler } from '../../functions/stripe-webhook/handler.ts'
import { unsubscribeHandler } from '../../functions/unsubscribe/handler.ts'
import { readFunctionsToml } from '../config'
import { json, type Handler } from '../http'
import { LOCAL_MAIL_LINK_SECRET, LOCAL_RESEND_WEBHOOK_SECRET, SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../keys'
import type { SendEmailHook } from '../mail'
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from '../stripe/keys'
import { startLocalStripe, type LocalStripe } from '../stripe/server'
import { jwtRefusal } from './gateway'
import { startNotificationsWebhook } from './notifications-webhook'
import { scheduleDailyJobs } from './daily-jobs'
import { DEFAULT_MAIL_RUN_EVERY_MS, scheduleMailSender } from './mail-sender'
import { loadVapidKeys } from './vapid-keys'
import { fromWebResponse, toWebRequest } from './web-bridge'

export const FUNCTIONS_PREFIX = '/functions/v1'

export interface FunctionsOptions {
  db: PGlite
  /** The stand-in's API URL. */
  url: string
  /** Where the functions send the customer back to (create-checkout's SITE_URL). */
  siteUrl: string
  /** Where the VAPID keys are kept; undefined: made for this process. */
  dataDir: string | undefined
  retry?: RetryPolicy
  /** The stand-in's Stripe's port (unset or 0: any free one); unused with a STRIPE_SECRET_KEY of one's own. */
  stripePort?: number
  /** The mail catcher, where send-mail delivers without a RESEND_API_KEY; undefined: the catcher is off. */
  mailCatcherUrl?: string
  /** false: send-mail is not run on a schedule (only when called). */
  mail?: LocalMailOptions | false
  log: (line: string) => void
}

export interface LocalMailOptions extends Omit<SendMailOptions, 'log'> {
  /** Instead of the catcher: a provider speaking Mailpit's API (tests put a failing one in between). */
  mailpitUrl?: string
  /** How often send-mail runs (default every second). */
  everyMs?: number
}

export interface LocalFunctions {
  handler: Handler
  /** The stand-in's Stripe API and checkout pages; undefined when real Stripe keys are set. */
  stripeUrl: string | undefined
  /** Auth's Send Email Hook: a signed call to auth-email, as hosted Auth makes it; undefined with nowhere to deliver. */
  sendEmailHook: SendEmailHook | undefined
  /** Cancels pushes under way and waits for them, the webhooks and the daily jobs' timer. */
  close(): Promise<void>
}

export async function startFunctions({ db, url, siteUrl, dataDir, retry, stripePort, mailCatcherUrl, mail: mailOptions = {}, log }: FunctionsOptions): Promise<LocalFunctions> {
  const vapid = await loadVapidKeys(dataDir)
  const abort = new AbortController()
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET
  const mail = mailOptions || {}
  const values: Record<string, string | undefined> = {
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: SUPABASE_LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SUPABASE_LOCAL_SERVICE_ROLE_KEY,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: process.env.VAPID_SUBJECT,
    PUSH_ENDPOINT_HOSTS: process.env.PUSH_ENDPOINT_HOSTS,
    SITE_URL: siteUrl,
    APP_ORIGINS: process.env.APP_ORIGINS,
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY || LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: process.env.STRIPE_API_BASE,
    RESEND_API_KEY: process.env.RESEND_API_KEY,
    RESEND_API_BASE: process.env.RESEND_API_BASE,
    MAIL_FROM: process.env.MAIL_FROM,
    MAILPIT_URL: mail.mailpitUrl ?? mailCatcherUrl,
    RESEND_WEBHOOK_SECRET: process.env.RESEND_WEBHOOK_SECRET || LOCAL_RESEND_WEBHOOK_SECRET,
    SEND_EMAIL_HOOK_SECRET: process.env.SEND_EMAIL_HOOK_SECRET || SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET,
    MAIL_LINK_SECRET: process.env.MAIL_LINK_SECRET || LOCAL_MAIL_LINK_SECRET,
  }
  const env = (name: string): string | undefined => values[name]
  const sendPush = sendPushHandler(env, { retry, signal: abort.signal, log })
  const functions: Record<string, (request: Request) => Promise<Response>> = {
    'send-push': sendPush,
    'create-checkout': createCheckoutHandler(env, log),
    'stripe-webhook': stripeWebhookHandler(env, log),
    'refund-payment': refundPaymentHandler(env, log),
    'send-mail': sendMailHandler(env, { ...mail, log }),
    'mail-events': mailEventsHandler(env, log),
    'delete-account': deleteAccountHandler(env, log),
    'auth-email': authEmailHandler(env, log),
    unsubscribe: unsubscribeHandler(env, log),
  }
  const settings = readFunctionsToml()
  const webhook = await startNotificationsWebhook({ db, functionUrl: `${url}${FUNCTIONS_PREFIX}/send-push`, send: sendPush, signal: abort.signal, log })
  const dailyJobs = scheduleDailyJobs(db, log)
  // Nowhere to deliver (no key, the catcher off): the mail waits in the outbox, and Auth's is only logged.
  const canDeliver = Boolean(env('RESEND_API_KEY') || env('MAILPIT_URL'))
  const sendEmailHook: SendEmailHook | undefined = canDeliver
    ? async (payload) => {
        const body = JSON.stringify(payload)
        const headers = await signWebhook(env('SEND_EMAIL_HOOK_SECRET')!, `msg_${randomUUID()}`, body)
        const response = await functions['auth-email']!(new Request(`${url}${FUNCTIONS_PREFIX}/auth-email`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body }))
        if (!response.ok) throw new Error(`auth-email answered ${response.status}: ${await response.text()}`)
      }
    : undefined
  const mailSender = mailOptions && canDeliver ? scheduleMailSender(`${url}${FUNCTIONS_PREFIX}/send-mail`, functions['send-mail']!, mail.everyMs ?? DEFAULT_MAIL_RUN_EVERY_MS, log) : undefined
  // With a key of one's own, Stripe itself (or STRIPE_API_BASE); without, the stand-in's Stripe.
  let localStripe: LocalStripe | undefined
  if (!process.env.STRIPE_SECRET_KEY) {
    localStripe = await startLocalStripe({ port: stripePort ?? 0, secretKey: LOCAL_STRIPE_SECRET_KEY, webhookSecret, webhookUrl: `${url}${FUNCTIONS_PREFIX}/stripe-webhook`, log }).catch(async (error: unknown) => {
      abort.abort()
      await mailSender?.close()
      await dailyJobs.close()
      await webhook.close()
      throw error
    })
    values.STRIPE_API_BASE = localStripe.url
  }
  return {
    stripeUrl: localStripe?.url,
    sendEmailHook,
    async handler(request) {
      const name = request.url.pathname.slice(FUNCTIONS_PREFIX.length + 1).split('/', 1)[0]!
      const run = Object.hasOwn(functions, name) ? functions[name] : undefined
      if (!run) return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
      const refusal = await jwtRefusal(request, settings[name]?.verifyJwt ?? true)
      if (refusal) return refusal
      return fromWebResponse(await run(await toWebRequest(request)))
    },
    async close() {
      abort.abort()
      await localStripe?.close()
      await mailSender?.close()
      await dailyJobs.close()
      await webhook.close()
    },
  }
}
