// The Edge Function a hosted project deploys (`supabase functions deploy auth-email`) and points Auth's
// Send Email Hook at. Everything but reading the environment is in handler.ts, which the stand-in runs too.
import { authEmailHandler } from './handler.ts'

Deno.serve(authEmailHandler((name) => Deno.env.get(name)))
