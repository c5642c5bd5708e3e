// The Edge Function a hosted project deploys (`supabase functions deploy refund-payment`).
// Everything but reading the environment is in handler.ts, which the local stand-in runs too.
import { refundPaymentHandler } from './handler.ts'

Deno.serve(refundPaymentHandler((name) => Deno.env.get(name)))
