// Resend signs its webhooks as Svix does: Standard Webhooks' scheme under `svix-` headers, with the
// `whsec_…` secret (../_shared/standard-webhooks.ts).
import { signWebhook, verifyWebhook } from '../_shared/standard-webhooks.ts'

/** The three headers for `body`, as Svix sends them (tests and benches sign with it). */
export const svixHeaders = (secret: string, id: string, body: string, at = new Date()) => signWebhook(secret, id, body, at, 'svix')

/** Whether `body` came with a good, fresh signature of `secret`; `id` is the message's (the same on every redelivery). */
export const verifySvix = (secret: string, headers: Headers, body: string, now = Date.now()) => verifyWebhook(secret, headers, body, now, 'svix')
