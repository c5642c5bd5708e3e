// What send-push reads from its environment, read on every request.

/** A variable of the environment: Deno.env.get on a hosted project, the stand-in's own values locally. */
export type Env = (name: string) => string | undefined

export interface VapidDetails {
  /** base64url, as web-push's generateVAPIDKeys gives them. */
  publicKey: string
  privateKey: string
  /** Who push services contact about this sender: a mailto: or https: URL. */
  subject: string
}

export interface SendPushConfig {
  supabaseUrl: string
  serviceRoleKey: string
  vapid: VapidDetails
  /** Exact hosts that may receive pushes besides the browsers' push services (http allowed too). */
  extraPushHosts: string[]
}

/** The warehouse's contact address (src/components/business-info.ts); the function is deployed without src. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:hola@casilleromiami.com'

export class ConfigError extends Error {}

export function readConfig(env: Env): SendPushConfig {
  return {
    supabaseUrl: required(env, 'SUPABASE_URL').replace(/\/+$/, ''),
    serviceRoleKey: required(env, 'SUPABASE_SERVICE_ROLE_KEY'),
    vapid: {
      publicKey: required(env, 'VAPID_PUBLIC_KEY'),
      privateKey: required(env, 'VAPID_PRIVATE_KEY'),
      subject: env('VAPID_SUBJECT') || DEFAULT_VAPID_SUBJECT,
    },
    extraPushHosts: (env('PUSH_ENDPOINT_HOSTS') ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  }
}

function required(env: Env, name: string): string {
  const value = env(name)
  if (!value) throw new ConfigError(`${name} is not set`)
  return value
}
