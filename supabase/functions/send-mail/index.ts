// The Edge Function a hosted project deploys (`supabase functions deploy send-mail`). Everything
// but reading the environment is in handler.ts, which the local stand-in runs too.
import { sendMailHandler } from './handler.ts'

Deno.serve(sendMailHandler((name) => Deno.env.get(name)))
