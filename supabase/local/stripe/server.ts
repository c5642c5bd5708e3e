// The stand-in's Stripe, on a port of its own: the API the Edge Functions' Stripe client is pointed
// at (STRIPE_API_BASE) and the test checkout page a session's URL opens. Used when the environment
// gives no STRIPE_SECRET_KEY: no Stripe account is needed to pay locally.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerClientError, json, requestUrl, toHttpRequest, writeResponse, type HttpResponse } from '../http'
import { stripeApiHandler } from './api'
import { CHECKOUT_PAGE_PREFIX, checkoutPage, payCheckout } from './checkout-page'
import { eventSender } from './events'
import { StripeObjects } from './objects'

export interface LocalStripeOptions {
  /** 0 picks a free port. */
  port: number
  secretKey: string
  webhookSecret: string
  /** Where Stripe's events go: the stand-in's stripe-webhook function. */
  webhookUrl: string
  log: (line: string) => void
}

export interface LocalStripe {
  /** STRIPE_API_BASE for the functions' client. */
  url: string
  close(): Promise<void>
}

const HOST = '127.0.0.1'

export async function startLocalStripe({ port, secretKey, webhookSecret, webhookUrl, log }: LocalStripeOptions): Promise<LocalStripe> {
  const objects = new StripeObjects()
  const events = eventSender(webhookUrl, webhookSecret, log)
  let url = ''
  const api = stripeApiHandler({
    objects,
    secretKey,
    pageUrl: (id) => `${url}${CHECKOUT_PAGE_PREFIX}${id}`,
    refunded: (charge) => void events.send('charge.refunded', charge),
  })
  const server = createServer((incoming, res) => {
    const target = requestUrl(incoming.url, `http://${HOST}`)
    const respond = async (): Promise<HttpResponse> => {
      if (!target) return json(400, { error: { type: 'invalid_request_error', message: 'Bad request' } })
      const request = toHttpRequest(incoming, target)
      if (target.pathname.startsWith('/v1/')) return api(request)
      if (target.pathname.startsWith(CHECKOUT_PAGE_PREFIX)) {
        const session = objects.sessions.get(target.pathname.slice(CHECKOUT_PAGE_PREFIX.length))
        return request.method === 'POST' ? payCheckout(session, objects, events) : checkoutPage(session)
      }
      return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${target.pathname})` } })
    }
    void respond()
      .catch((error: unknown) => {
        log(`[stripe] ${incoming.method} ${incoming.url}: ${String(error)}`)
        return json(500, { error: { type: 'api_error', message: 'The stand-in’s Stripe failed' } })
      })
      .then((response) => writeResponse(res, response, {}, incoming.method === 'HEAD'))
  })
  server.on('clientError', answerClientError)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => resolve())
  })
  url = `http://${HOST}:${(server.address() as AddressInfo).port}`
  return {
    url,
    async close() {
      await events.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
