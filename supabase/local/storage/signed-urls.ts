import { signJwt, verifyJwt } from '../jwt'
import { storageErrors } from './errors'

const now = () => Math.floor(Date.now() / 1000)
/** Signed upload URLs live two hours, as on Supabase. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60

/** A token that lets anyone holding it download `<bucket>/<key>` for `expiresIn` seconds. */
export function signDownload(bucket: string, key: string, expiresIn: number): Promise<string> {
  return signJwt({ url: `${bucket}/${key}`, iat: now(), exp: now() + expiresIn })
}

/** A token that lets anyone holding it upload `<bucket>/<key>` once, as `owner`. */
export function signUpload(bucket: string, key: string, owner: string | null, upsert: boolean): Promise<string> {
  return signJwt({ url: `${bucket}/${key}`, owner: owner ?? undefined, upsert, iat: now(), exp: now() + UPLOAD_URL_SECONDS })
}

/** The token's claims, when it was signed for exactly this object and is still valid. */
export async function verifySigned(token: string | null, bucket: string, key: string): Promise<{ owner?: string; upsert?: boolean }> {
  if (!token) throw storageErrors.invalidRequest('querystring must have required property \'token\'')
  const result = await verifyJwt(token)
  if (!result.ok) throw storageErrors.invalidJwt(result.reason === 'expired' ? 'jwt expired' : result.message)
  const claims = result.claims as { url?: unknown; owner?: unknown; upsert?: unknown }
  if (claims.url !== `${bucket}/${key}`) throw storageErrors.invalidJwt('InvalidSignature')
  return { owner: typeof claims.owner === 'string' ? claims.owner : undefined, upsert: claims.upsert === true }
}
