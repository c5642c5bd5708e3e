// The Edge Function a hosted project deploys (`supabase functions deploy send-push`). Everything
// but reading the environment is in handler.ts, which the local stand-in runs too.
import { sendPushHandler } from './handler.ts'

Deno.serve(sendPushHandler((name) => Deno.env.get(name)))
