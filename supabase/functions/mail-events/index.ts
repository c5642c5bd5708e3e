// The Edge Function a hosted project deploys (`supabase functions deploy mail-events`; config.toml
// sets verify_jwt = false, since Resend sends no JWT). Everything but reading the environment is in
// handler.ts, which the local stand-in runs too.
import { mailEventsHandler } from './handler.ts'

Deno.serve(mailEventsHandler((name) => Deno.env.get(name)))
