import { randomUUID } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { type JwtClaims, withClaims } from '../../supabase/local/as-role.ts'
import { openDatabase } from '../../supabase/local/database.ts'

export type Db = PGlite

/** A fresh in-memory database with the schema applied and no seed data. */
export async function openEmptyDatabase(): Promise<Db> {
  return (await openDatabase({ seed: false })).db
}

export interface TestUser {
  id: string
  email: string
  claims: JwtClaims
}

/** Signs a user up the way GoTrue does (a row in auth.users); the trigger creates profile and locker. */
export async function createUser(db: Db, name: string, opts: { admin?: boolean; phone?: string } = {}): Promise<TestUser> {
  const id = randomUUID()
  const email = `${name}-${id.slice(0, 8)}@example.test`
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
    [id, email, JSON.stringify({ full_name: `${name} user`, phone: opts.phone ?? null })],
  )
  if (opts.admin) await db.query(`update public.profiles set role = 'admin' where id = $1`, [id])
  // An admin's session is at aal2, as a manager's must be for the sensitive actions (98_two_step.sql).
  const claims: JwtClaims = { sub: id, role: 'authenticated', aud: 'authenticated', email, ...(opts.admin ? { aal: 'aal2' } : {}) }
  return { id, email, claims }
}

export interface PackageRow {
  id: string
  user_id: string
  locker_code: string
  tracking_code: string | null
  status: string
  weight_kg: string | null
  volume_m3: string | null
  meta: Record<string, unknown> | null
  public_token: string
  version: number
  change_xid: string
  deleted_at: string | null
  updated_at: string
}

/** Inserts a package as the database owner (no RLS), the way a warehouse import would. */
export async function createPackage(
  db: Db,
  userId: string,
  fields: { status?: string; tracking_code?: string; weight_kg?: number; deleted?: boolean } = {},
): Promise<PackageRow> {
  const { rows } = await db.query<PackageRow>(
    `insert into public.packages (user_id, status, tracking_code, weight_kg, volume_m3, deleted_at)
     values ($1, $2, $3, $4, 0.01, case when $5 then now() end)
     returning *, change_xid::text as change_xid`,
    [userId, fields.status ?? 'recibido', fields.tracking_code ?? `TRK-${randomUUID().slice(0, 8)}`, fields.weight_kg ?? 1.5, fields.deleted ?? false],
  )
  return rows[0]!
}

export async function packageById(db: Db, id: string): Promise<PackageRow> {
  const { rows } = await db.query<PackageRow>(`select *, change_xid::text as change_xid from public.packages where id = $1`, [id])
  return rows[0]!
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string }

/**
 * Runs `fn` with these claims and always rolls back, so every attempt starts
 * from the same fixture. Errors become `{ ok: false, code }` instead of throwing.
 */
export async function attempt<T>(db: Db, claims: JwtClaims | null, fn: (tx: Transaction) => Promise<T>): Promise<Outcome<T>> {
  return withClaims(db, claims, async (tx) => {
    let outcome: Outcome<T>
    try {
      outcome = { ok: true, value: await fn(tx) }
    } catch (error) {
      const { code = '', message = String(error) } = error as { code?: string; message?: string }
      outcome = { ok: false, code, message }
    }
    await tx.rollback()
    return outcome
  })
}

/** Runs `sql` with these claims, rolls back, and returns the rows or the error. */
export function rowsAs<R = Record<string, unknown>>(
  db: Db,
  claims: JwtClaims | null,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome<R[]>> {
  return attempt(db, claims, async (tx) => (await tx.query<R>(sql, params)).rows)
}

/** Like rowsAs, but commits. */
export async function queryAs<R = Record<string, unknown>>(
  db: Db,
  claims: JwtClaims | null,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return withClaims(db, claims, async (tx) => (await tx.query<R>(sql, params)).rows)
}

export const anon = null
