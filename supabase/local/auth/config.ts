// The auth settings in force: supabase/config.toml, then environment variables, then the options
// the stand-in was started with (tests, benches).
import { readAuthToml, type AuthToml } from '../config'
import type { RateLimits } from './rate-limit'
import { redirectRules, type RedirectRules } from './redirect'

export interface RefreshTokenPolicy {
  /** enable_refresh_token_rotation: a used token presented after the reuse interval ends its session. */
  rotation: boolean
  /** refresh_token_reuse_interval, in milliseconds. */
  reuseIntervalMs: number
}

export interface AuthConfig {
  /** The API's base URL (e.g. http://127.0.0.1:54321), known once the server listens. */
  apiUrl(): string
  /** site_url and additional_redirect_urls: where auth links may lead. */
  redirects: RedirectRules
  /** Signup waits for the mailed link before it signs the user in (enable_confirmations). */
  confirmEmail: boolean
  rateLimits: RateLimits
  /** [auth.email] max_frequency: the least time between two mails to one address. */
  emailMaxFrequencyMs: number
  refreshTokens: RefreshTokenPolicy
}

/** What tests and benches may set instead of config.toml's values. */
export interface AuthOptions {
  /** Limits taken as given (not scaled), e.g. `{ sign_in_sign_ups: { requests: 3, windowMs: 1000 } }`. */
  rateLimits?: Partial<RateLimits>
  /** Multiplies config.toml's rate limits (default: SUPABASE_LOCAL_RATE_LIMIT_SCALE, else 1). */
  rateLimitScale?: number
  additionalRedirectUrls?: string[]
  refreshTokenRotation?: boolean
  refreshTokenReuseIntervalMs?: number
  emailMaxFrequencyMs?: number
}

export interface AuthSettingsInput {
  apiUrl(): string
  /** Default: SUPABASE_LOCAL_SITE_URL, else config.toml's site_url. */
  siteUrl?: string
  /** Default: SUPABASE_LOCAL_CONFIRM_EMAIL=true. */
  confirmEmail?: boolean
  auth?: AuthOptions
}

const HOUR_MS = 3_600_000
const FIVE_MINUTES_MS = 300_000
const MINUTE_MS = 60_000
/** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY default (per minute), here per factor. */
const MFA_VERIFICATIONS_PER_MINUTE = 15

export function resolveAuthConfig(input: AuthSettingsInput, toml: AuthToml = readAuthToml(), env = process.env): AuthConfig {
  const options = input.auth ?? {}
  const scale = options.rateLimitScale ?? rateLimitScaleFromEnv(env.SUPABASE_LOCAL_RATE_LIMIT_SCALE)
  const scaled = (requests: number, windowMs: number) => ({ requests: Math.round(requests * scale), windowMs })
  const rateLimits: RateLimits = {
    email_sent: scaled(toml.emailSent, HOUR_MS),
    token_refresh: scaled(toml.tokenRefresh, FIVE_MINUTES_MS),
    sign_in_sign_ups: scaled(toml.signInSignUps, FIVE_MINUTES_MS),
    token_verifications: scaled(toml.tokenVerifications, FIVE_MINUTES_MS),
    mfa_verify: scaled(MFA_VERIFICATIONS_PER_MINUTE, MINUTE_MS),
    ...options.rateLimits,
  }
  for (const [name, limit] of Object.entries(rateLimits)) {
    if (!(limit.requests >= 0 && limit.windowMs > 0)) throw new Error(`Rate limit ${name} needs requests ≥ 0 and windowMs > 0`)
  }
  return {
    apiUrl: input.apiUrl,
    redirects: redirectRules(input.siteUrl ?? env.SUPABASE_LOCAL_SITE_URL ?? toml.siteUrl, options.additionalRedirectUrls ?? toml.additionalRedirectUrls),
    confirmEmail: input.confirmEmail ?? env.SUPABASE_LOCAL_CONFIRM_EMAIL === 'true',
    rateLimits,
    emailMaxFrequencyMs: options.emailMaxFrequencyMs ?? toml.emailMaxFrequency,
    refreshTokens: {
      rotation: options.refreshTokenRotation ?? toml.refreshTokenRotation,
      reuseIntervalMs: options.refreshTokenReuseIntervalMs ?? toml.refreshTokenReuseInterval * 1000,
    },
  }
}

function rateLimitScaleFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1
  const scale = Number(raw)
  if (!(scale > 0)) throw new Error(`SUPABASE_LOCAL_RATE_LIMIT_SCALE must be a number above 0, not "${raw}"`)
  return scale
}
