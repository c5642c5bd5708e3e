// The Edge Function a hosted project deploys (`supabase functions deploy stripe-webhook`; config.toml
// sets verify_jwt = false, since Stripe sends no JWT). Everything but reading the environment is in
// handler.ts, which the local stand-in runs too.
import { stripeWebhookHandler } from './handler.ts'

Deno.serve(stripeWebhookHandler((name) => Deno.env.get(name)))
