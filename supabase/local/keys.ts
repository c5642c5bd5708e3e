// The Supabase CLI's public local-development secrets (`supabase status` prints the same ones), so
// the app cannot tell this stand-in from `supabase start`. They protect nothing: never use them
// for a hosted project.

export const SUPABASE_LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** HS256, { iss: 'supabase-demo', role: 'anon', exp: 1983812996 } */
export const SUPABASE_LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/** HS256, { iss: 'supabase-demo', role: 'service_role', exp: 1983812996 } */
export const SUPABASE_LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

export const DEFAULT_PORT = 54321

/** The stand-in's Stripe (test checkout pages) in `npm run backend`: fixed, so a checkout page's URL
 * still opens after a restart and a tester finds it where the README says. */
export const DEFAULT_STRIPE_PORT = 54325
/** The Supabase CLI's Mailpit's port, where the stand-in's mail catcher answers. */
export const DEFAULT_MAIL_PORT = 54324

/** The secret the stand-in's mail-events function checks the provider's webhook signatures with, as Resend's look (whsec_ and base64). */
export const LOCAL_RESEND_WEBHOOK_SECRET = 'whsec_c3RhbmQtaW4tcmVzZW5kLXdlYmhvb2stc2VjcmV0'
/** The Send Email Hook's secret the stand-in's Auth signs its calls to auth-email with (SEND_EMAIL_HOOK_SECRET overrides it). */
export const SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET = 'v1,whsec_c3RhbmQtaW4tc2VuZC1lbWFpbC1ob29rLXNlY3JldC0zMmI='
/** What the stand-in signs mail links with (unsubscribe) unless MAIL_LINK_SECRET is set: a hosted project sets its own. */
export const LOCAL_MAIL_LINK_SECRET = 'local-mail-link-secret-not-for-production'
