import type { PGlite, Transaction } from '@electric-sql/pglite'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

/** The JWT claims of a request, as GoTrue issues them. */
export interface JwtClaims {
  sub?: string
  role: ApiRole
  email?: string
  aud?: string
  exp?: number
  [claim: string]: unknown
}

const apiRoles: ReadonlySet<string> = new Set<ApiRole>(['anon', 'authenticated', 'service_role'])

/**
 * Runs `fn` in one transaction as PostgREST would for a request carrying these
 * claims (anon when null): `SET LOCAL ROLE` to the claims' role and the
 * request.jwt.claims settings that auth.uid()/auth.role()/auth.jwt() read, so
 * RLS decides what the request may see and do. Everything reverts at the end.
 */
export async function withClaims<T>(
  db: PGlite,
  claims: JwtClaims | null,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const effective: JwtClaims = claims ?? { role: 'anon' }
  if (!apiRoles.has(effective.role)) {
    throw new Error(`withClaims: role must be anon, authenticated or service_role, not ${JSON.stringify(effective.role)}`)
  }
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true)`,
      [effective.role, JSON.stringify(effective), typeof effective.sub === 'string' ? effective.sub : ''],
    )
    return fn(tx)
  })
}
