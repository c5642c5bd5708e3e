// The Edge Function a hosted project deploys (`supabase functions deploy unsubscribe`; config.toml sets
// verify_jwt = false, since a mail client sends no JWT). Everything but reading the environment is in
// handler.ts, which the local stand-in runs too.
import { unsubscribeHandler } from './handler.ts'

Deno.serve(unsubscribeHandler((name) => Deno.env.get(name)))
