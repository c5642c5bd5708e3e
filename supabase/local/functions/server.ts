// The stand-in's Edge Functions at /functions/v1: send-push, the same code a hosted project
// deploys, with the stand-in's URL, service role key and VAPID keys; plus what calls it on a
// hosted project (the notifications webhook) and its daily jobs (pg_cron): storage reminders and fees.
import type { PGlite } from '@electric-sql/pglite'
import { sendPushHandler } from '../../functions/send-push/handler.ts'
import type { RetryPolicy } from '../../functions/send-push/retry-policy.ts'
import { json, type Handler } from '../http'
import { SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../keys'
import { isUnder } from '../service-errors'
import { startNotificationsWebhook } from './notifications-webhook'
import { scheduleDailyJobs } from './daily-jobs'
import { loadVapidKeys } from './vapid-keys'
import { fromWebResponse, toWebRequest } from './web-bridge'

export const FUNCTIONS_PREFIX = '/functions/v1'
const SEND_PUSH_PATH = `${FUNCTIONS_PREFIX}/send-push`

export interface FunctionsOptions {
  db: PGlite
  /** The stand-in's API URL. */
  url: string
  /** Where the VAPID keys are kept; undefined: made for this process. */
  dataDir: string | undefined
  retry?: RetryPolicy
  log: (line: string) => void
}

export interface LocalFunctions {
  handler: Handler
  /** Cancels pushes under way and waits for them, the webhook and the daily jobs' timer. */
  close(): Promise<void>
}

export async function startFunctions({ db, url, dataDir, retry, log }: FunctionsOptions): Promise<LocalFunctions> {
  const vapid = await loadVapidKeys(dataDir)
  const abort = new AbortController()
  const env = (name: string): string | undefined =>
    ({
      SUPABASE_URL: url,
      SUPABASE_SERVICE_ROLE_KEY: SUPABASE_LOCAL_SERVICE_ROLE_KEY,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: process.env.VAPID_SUBJECT,
      PUSH_ENDPOINT_HOSTS: process.env.PUSH_ENDPOINT_HOSTS,
    })[name]
  const sendPush = sendPushHandler(env, { retry, signal: abort.signal, log })
  const webhook = await startNotificationsWebhook({ db, functionUrl: `${url}${SEND_PUSH_PATH}`, send: sendPush, signal: abort.signal, log })
  const dailyJobs = scheduleDailyJobs(db, log)
  return {
    async handler(request) {
      if (!isUnder(request.url.pathname, SEND_PUSH_PATH)) return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
      return fromWebResponse(await sendPush(await toWebRequest(request)))
    },
    async close() {
      abort.abort()
      await dailyJobs.close()
      await webhook.close()
    },
  }
}
