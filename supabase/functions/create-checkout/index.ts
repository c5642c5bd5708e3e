// The Edge Function a hosted project deploys (`supabase functions deploy create-checkout`).
// Everything but reading the environment is in handler.ts, which the local stand-in runs too.
import { createCheckoutHandler } from './handler.ts'

Deno.serve(createCheckoutHandler((name) => Deno.env.get(name)))
