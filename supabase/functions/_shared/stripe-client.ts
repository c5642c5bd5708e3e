// The official Stripe SDK over fetch (Deno and Node alike), pointed at STRIPE_API_BASE when set:
// the local stand-in's Stripe (supabase/local/stripe); unset, Stripe itself.
import Stripe from 'stripe'
import { required, type Env } from './env.ts'

export function stripeClient(env: Env): Stripe {
  const base = env('STRIPE_API_BASE')
  const url = base ? new URL(base) : undefined
  return new Stripe(required(env, 'STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    telemetry: false,
    ...(url && { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' }),
  })
}

export const webhookCrypto = Stripe.createSubtleCryptoProvider()

/** Stripe's own error (a refusal, a bad key, its outage) rather than a bug of ours. */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError
}

/** Stripe's tolerance, in seconds, for how old a signed event may be (a replay's defence). */
export const SIGNATURE_TOLERANCE_S = 300

/** The event Stripe signed with `secret`; throws when the signature is missing, wrong or stale. */
export function verifiedEvent(payload: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(payload, signature, secret, SIGNATURE_TOLERANCE_S, webhookCrypto)
}
