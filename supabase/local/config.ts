// The parts of supabase/config.toml (the Supabase CLI's project configuration) that the stand-in's
// auth, storage and functions gateway apply, read with the CLI's defaults for keys the file leaves out.
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'

const CONFIG_TOML = new URL('../config.toml', import.meta.url)

export interface AuthToml {
  siteUrl: string
  additionalRedirectUrls: string[]
  refreshTokenRotation: boolean
  /** Seconds. */
  refreshTokenReuseInterval: number
  /** [auth.rate_limit]: emails per hour (all addresses together). */
  emailSent: number
  /** [auth.rate_limit]: per 5 minutes per IP address. */
  tokenRefresh: number
  signInSignUps: number
  tokenVerifications: number
  /** [auth.email] max_frequency, in milliseconds. */
  emailMaxFrequency: number
}

type Table = Record<string, unknown>

export function readAuthToml(file: URL | string = CONFIG_TOML): AuthToml {
  const root = parse(readFileSync(file, 'utf8'))
  const auth = table(root, 'auth')
  const rateLimit = table(auth, 'rate_limit')
  const email = table(auth, 'email')
  return {
    siteUrl: text(auth, 'site_url', 'http://127.0.0.1:3000', 'auth'),
    additionalRedirectUrls: stringList(auth, 'additional_redirect_urls'),
    refreshTokenRotation: flag(auth, 'enable_refresh_token_rotation', true, 'auth'),
    refreshTokenReuseInterval: count(auth, 'refresh_token_reuse_interval', 10, 'auth'),
    emailSent: count(rateLimit, 'email_sent', 2, 'auth.rate_limit'),
    tokenRefresh: count(rateLimit, 'token_refresh', 150, 'auth.rate_limit'),
    signInSignUps: count(rateLimit, 'sign_in_sign_ups', 30, 'auth.rate_limit'),
    tokenVerifications: count(rateLimit, 'token_verifications', 30, 'auth.rate_limit'),
    emailMaxFrequency: goDuration(text(email, 'max_frequency', '1s', 'auth.email'), 'auth.email.max_frequency'),
  }
}

export interface BucketToml {
  id: string
  public: boolean
  /** Bytes; null: only the global limit. */
  fileSizeLimit: number | null
  /** null: any type. */
  allowedMimeTypes: string[] | null
}

export interface StorageToml {
  /** [storage] file_size_limit, in bytes. */
  fileSizeLimit: number
  buckets: BucketToml[]
}

export function readStorageToml(file: URL | string = CONFIG_TOML): StorageToml {
  const storage = table(parse(readFileSync(file, 'utf8')), 'storage')
  const buckets = table(storage, 'buckets')
  return {
    fileSizeLimit: byteSize(text(storage, 'file_size_limit', '50MiB', 'storage'), 'storage.file_size_limit'),
    buckets: Object.keys(buckets).map((id) => {
      const bucket = table(buckets, id)
      const path = `storage.buckets.${id}`
      const limit = bucket.file_size_limit === undefined ? null : byteSize(text(bucket, 'file_size_limit', '', path), `${path}.file_size_limit`)
      return { id, public: flag(bucket, 'public', false, path), fileSizeLimit: limit, allowedMimeTypes: bucket.allowed_mime_types === undefined ? null : stringList(bucket, 'allowed_mime_types', path) }
    }),
  }
}

/** [functions.<name>] verify_jwt: the gateway asks for a valid JWT (anon key or user) unless false. */
export function readFunctionsToml(file: URL | string = CONFIG_TOML): Record<string, { verifyJwt: boolean }> {
  const functions = table(parse(readFileSync(file, 'utf8')), 'functions')
  return Object.fromEntries(Object.keys(functions).map((name) => [name, { verifyJwt: flag(table(functions, name), 'verify_jwt', true, `functions.${name}`) }]))
}

const BYTE_UNITS: Record<string, number> = { '': 1, B: 1, KB: 1e3, MB: 1e6, GB: 1e9, KIB: 1024, MIB: 1024 ** 2, GIB: 1024 ** 3 }

/** A size such as "5MiB", "10MB" or "512KB" (the CLI's format), in bytes. */
function byteSize(size: string, path: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(size.trim())
  const unit = BYTE_UNITS[match?.[2]?.toUpperCase() ?? 'none']
  if (!match || unit === undefined) throw configError(path, 'a size such as "5MiB" or "10MB"')
  return Math.floor(Number(match[1]) * unit)
}

function table(parent: Table, key: string): Table {
  const found = parent[key]
  if (found === undefined) return {}
  if (typeof found !== 'object' || found === null || Array.isArray(found)) throw configError(key, 'a table')
  return found as Table
}

function text(from: Table, key: string, fallback: string, path: string): string {
  const found = from[key]
  if (found === undefined) return fallback
  if (typeof found !== 'string') throw configError(`${path}.${key}`, 'a string')
  return found
}

function flag(from: Table, key: string, fallback: boolean, path: string): boolean {
  const found = from[key]
  if (found === undefined) return fallback
  if (typeof found !== 'boolean') throw configError(`${path}.${key}`, 'true or false')
  return found
}

function count(from: Table, key: string, fallback: number, path: string): number {
  const found = from[key]
  if (found === undefined) return fallback
  if (typeof found !== 'number' || !Number.isInteger(found) || found < 0) throw configError(`${path}.${key}`, 'a whole number ≥ 0')
  return found
}

function stringList(from: Table, key: string, path = 'auth'): string[] {
  const found = from[key]
  if (found === undefined) return []
  if (!Array.isArray(found) || !found.every((item) => typeof item === 'string')) throw configError(`${path}.${key}`, 'a list of strings')
  return found
}

const DURATION_UNITS_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A Go duration such as "1s", "1m30s" or "500ms" (the CLI's format), in milliseconds. */
function goDuration(duration: string, path: string): number {
  if (duration === '0') return 0
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)]
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) throw configError(path, 'a duration such as "1s" or "1m30s"')
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * DURATION_UNITS_MS[unit!]!, 0)
}

function configError(path: string, expected: string): Error {
  return new Error(`supabase/config.toml: ${path} must be ${expected}`)
}
