// auth.mfa_factors and auth.mfa_challenges, read and written as GoTrue does (the owner's
// connection), and a factor as GoTrue shows it in the user object.
import { randomUUID } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'

type Db = PGlite | Transaction

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'unverified' | 'verified'
  created_at: Date
  updated_at: Date
  secret: string | null
  last_challenged_at: Date | null
  last_totp_step: string | null
}

export interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
  ip_address: string
}

const FACTOR_COLUMNS = 'id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, last_challenged_at, last_totp_step'

export async function factorsOf(db: Db, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`, [userId])
  return rows
}

export async function findFactor(db: Db, userId: string, factorId: string): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`, [factorId, userId])
  return rows[0]
}

export async function createTotpFactor(db: Db, userId: string, friendlyName: string, secret: string): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning ${FACTOR_COLUMNS}`,
    [randomUUID(), userId, friendlyName, secret],
  )
  return rows[0]!
}

export async function createChallenge(db: PGlite, factorId: string, ipAddress: string): Promise<ChallengeRow> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ChallengeRow>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3)
       returning id, factor_id, created_at, verified_at, host(ip_address) as ip_address`,
      [randomUUID(), factorId, ipAddress],
    )
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factorId])
    return rows[0]!
  })
}

export async function findChallenge(db: Db, factorId: string, challengeId: string): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId],
  )
  return rows[0]
}

/**
 * The challenge answered with the code of `step`: the factor is verified, the user's unverified
 * factors go (GoTrue's DeleteUnverifiedFactors). False when a code of this step or a later one was
 * already accepted (two requests with one code: only one wins).
 */
export async function acceptCode(db: PGlite, factor: FactorRow, challengeId: string, step: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `update auth.mfa_factors set last_totp_step = $2, status = 'verified', updated_at = now()
        where id = $1 and (last_totp_step is null or last_totp_step < $2) returning id`,
      [factor.id, step],
    )
    if (rows.length === 0) return false
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challengeId])
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`, [factor.user_id, factor.factor_type])
    return true
  })
}

export async function deleteFactor(db: Db, factorId: string): Promise<void> {
  await db.query(`delete from auth.mfa_factors where id = $1`, [factorId])
}

export async function deleteChallenge(db: Db, challengeId: string): Promise<void> {
  await db.query(`delete from auth.mfa_challenges where id = $1`, [challengeId])
}

/** As GoTrue's Factor marshals: the secret never leaves. */
export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    status: factor.status,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    phone: null,
    last_challenged_at: factor.last_challenged_at ? factor.last_challenged_at.toISOString() : null,
  }
}
