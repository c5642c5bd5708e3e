// The Edge Function a hosted project deploys (`supabase functions deploy delete-account`). Everything
// but reading the environment is in handler.ts, which the local stand-in runs too.
import { deleteAccountHandler } from './handler.ts'

Deno.serve(deleteAccountHandler((name) => Deno.env.get(name)))
