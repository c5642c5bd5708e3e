// The Stripe webhook's budget (issue 46): 200 signed events, 50 of them repeats of others (Stripe
// sends an event again until it hears a 2xx, and a session's completed and async_payment_succeeded
// pay once), post 150 payment lines in ≤ 10 s, none twice. Events go 8 at a time, as Stripe sends
// them side by side, for 10 customers (each posting takes its customer's balance lock).
// Runs alone too: npx tsx scripts/bench/stripe-webhook.ts
import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import Stripe from 'stripe'
import { startStandIn } from '../../supabase/local/server'
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../supabase/local/stripe/keys'
import { signedUpCustomer } from '../../tests/backend/helpers'
import { consoleReporter, type Measure } from './measure'
import { runSuites, type SuiteScope } from './runner'

const SESSIONS = 150
const REPEATS = 50
const CUSTOMERS = 10
const CONCURRENCY = 8

function event(type: string, session: object): string {
  return JSON.stringify({ id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } })
}

export async function benchStripeWebhook(scope: SuiteScope): Promise<Measure[]> {
  const standIn = await startStandIn({ port: 0, quiet: true, log: () => {}, auth: { rateLimitScale: 1000 } })
  scope.defer(() => standIn.close())
  const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, n) => signedUpCustomer(standIn.url, `bench-stripe-${n}`)))
  const sessions = Array.from({ length: SESSIONS }, (_, n) => ({
    id: `cs_test_${randomUUID().replaceAll('-', '')}`,
    object: 'checkout.session',
    client_reference_id: customers[n % CUSTOMERS]!.id,
    amount_total: 100 + n,
    currency: 'usd',
    payment_status: 'paid',
    payment_intent: `pi_${randomUUID().replaceAll('-', '')}`,
  }))
  const payloads = [
    ...sessions.map((session) => event('checkout.session.completed', session)),
    ...sessions.slice(0, REPEATS).map((session, n) => event(n % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded', session)),
  ]
  const url = `${standIn.url}/functions/v1/stripe-webhook`
  let next = 0
  const worker = async () => {
    while (next < payloads.length) {
      const payload = payloads[next++]!
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_STRIPE_WEBHOOK_SECRET })
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload })
      if (response.status !== 200) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`)
      await response.arrayBuffer()
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000

  const { rows } = await standIn.db.query<{ lines: number; keys: number; cents: string }>(
    `select count(*)::int as lines, count(distinct idempotency_key)::int as keys, coalesce(-sum(amount_cents), 0)::text as cents from public.account_entries where kind = 'payment' and user_id = any($1::uuid[])`,
    [customers.map((customer) => customer.id)],
  )
  const posted = rows[0]!
  const expectedCents = sessions.reduce((sum, session) => sum + session.amount_total, 0)
  if (posted.lines !== SESSIONS || posted.keys !== SESSIONS || Number(posted.cents) !== expectedCents) {
    throw new Error(`expected ${SESSIONS} payments of ${expectedCents} cents in all, posted ${posted.lines} (${posted.keys} keys) of ${posted.cents}`)
  }
  return [
    { name: `${payloads.length} webhook events (${REPEATS} repeats), ${CONCURRENCY} at a time`, value: seconds, unit: 's', budget: 10 },
    { name: 'payment lines posted (each once)', value: posted.lines, unit: 'lines' },
  ]
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { failed, withinBudget } = await runSuites([{ key: 'stripe', title: 'Card payments: the Stripe webhook', run: benchStripeWebhook }], consoleReporter)
  process.exit(failed.length === 0 && withinBudget ? 0 : 1)
}
