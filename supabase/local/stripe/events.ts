// Stripe's events, sent to the webhook as Stripe sends them: a JSON event signed in the
// Stripe-Signature header with the webhook secret (the SDK's own signing), tried again a few times
// when the webhook does not answer 2xx (Stripe goes on for days; a test page need not).
import Stripe from 'stripe'
import { now, stripeId } from './objects'

const ATTEMPTS = 3

export interface EventSender {
  /** Sends `type` about `object`; resolves when the webhook took it or every attempt failed. */
  send(type: string, object: object): Promise<boolean>
  /** Waits for what is being sent. */
  close(): Promise<void>
}

export function eventSender(webhookUrl: string, secret: string, log: (line: string) => void): EventSender {
  const underway = new Set<Promise<boolean>>()
  const deliver = async (type: string, object: object): Promise<boolean> => {
    const event = { id: stripeId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } }
    const payload = JSON.stringify(event)
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
        const response = await fetch(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload })
        await response.arrayBuffer()
        if (response.ok) return true
        log(`[stripe] ${type} ${event.id}: the webhook answered ${response.status} (attempt ${attempt})`)
      } catch (error) {
        log(`[stripe] ${type} ${event.id}: ${String(error)} (attempt ${attempt})`)
      }
    }
    return false
  }
  return {
    send(type, object) {
      const sending = deliver(type, object).finally(() => underway.delete(sending))
      underway.add(sending)
      return sending
    },
    async close() {
      await Promise.all(underway)
    },
  }
}
