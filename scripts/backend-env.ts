// Which backend a production build talks to. A build for real users must name its Supabase project;
// only builds for the local stand-in (npm start, the e2e suite, the benches) may fall back to the
// local URL and the well-known demo key, and they say so with `--mode standin`.

/** `vite build --mode standin`: a production bundle that talks to the local backend. */
export const standInMode = 'standin'

const required = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const

/** Why this build may not go ahead, or null when it may. */
export function backendEnvProblem(env: Record<string, string | undefined>, mode: string): string | null {
  if (mode === standInMode) return null
  const missing = required.filter((name) => !env[name]?.trim())
  if (missing.length === 0) {
    try {
      new URL(env.VITE_SUPABASE_URL!)
      return null
    } catch {
      return `VITE_SUPABASE_URL is not a URL: "${env.VITE_SUPABASE_URL}".`
    }
  }
  return [
    `A production build needs ${missing.join(' and ')}: your Supabase project's API URL and anon key`,
    '(Supabase dashboard → Project Settings → API), in the environment or in .env.production.local.',
    `To build for the local backend instead, run \`vite build --mode ${standInMode}\` (npm start does).`,
  ].join('\n')
}

/**
 * Whether a backend URL is on this machine (`localhost`, 127.0.0.0/8, `[::1]`): the stand-in or
 * `supabase start`, which `--mode standin` builds talk to by default. Any other is a hosted backend,
 * whose site must never be built from anything but what that backend publishes.
 */
export function isLocalBackend(url: string): boolean {
  const hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1')
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '::1' || /^127(?:\.\d{1,3}){3}$/.test(hostname)
}
