// The same questions asked of PGlite and of a real PostgreSQL 15, for tests that run on both.
import { randomUUID } from 'node:crypto'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { type Outcome, attempt as attemptOnPglite, openEmptyDatabase, queryAs } from './helpers.ts'
import { beginAs, queryAs as queryAsOnPostgres, startCluster } from './postgres-cluster.ts'

export type Row = Record<string, unknown>
export type Query = <R = Row>(sql: string, params?: unknown[]) => Promise<R[]>
/** Claims, anon (null) or the database owner. */
export type Caller = JwtClaims | null | 'owner'

export interface Engine {
  /** Committed, as the database owner. */
  owner: Query
  /** Committed, as these claims. */
  as(claims: JwtClaims | null): Query
  /** Rolled back; an error comes back as an outcome. */
  attempt<T>(caller: Caller, fn: (query: Query) => Promise<T>): Promise<Outcome<T>>
  close(): Promise<void>
}

export async function openPglite(): Promise<Engine> {
  const db = await openEmptyDatabase()
  const queryOn =
    (tx: Pick<typeof db, 'query'>): Query =>
    async <R,>(sql: string, params: unknown[] = []) =>
      (await tx.query<R>(sql, params)).rows
  return {
    owner: queryOn(db),
    as: (claims) => (sql, params) => queryAs(db, claims, sql, params),
    attempt: (caller, fn) =>
      caller === 'owner'
        ? db.transaction(async (tx) => {
            const outcome = await capture(() => fn(queryOn(tx)))
            await tx.rollback()
            return outcome
          })
        : attemptOnPglite(db, caller, (tx) => fn(queryOn(tx))),
    close: () => db.close(),
  }
}

export async function openPostgres(): Promise<Engine> {
  const cluster = await startCluster()
  const client = await cluster.connect()
  const query: Query = async <R,>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[]
  const begin = (caller: Caller) => (caller === 'owner' ? client.query('begin') : beginAs(client, caller ?? { role: 'anon' }))
  return {
    owner: query,
    as: (claims) => async (sql, params) => (await queryAsOnPostgres(client, claims ?? { role: 'anon' }, sql, params)) as never,
    attempt: async (caller, fn) => {
      await begin(caller)
      const outcome = await capture(() => fn(query))
      await client.query('rollback')
      return outcome
    },
    close: async () => {
      await client.end()
      await cluster.stop()
    },
  }
}

export async function capture<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() }
  } catch (error) {
    const { code = '', message = String(error) } = error as { code?: string; message?: string }
    return { ok: false, code, message }
  }
}

export const engines = [
  { engine: 'PGlite', open: openPglite },
  { engine: 'PostgreSQL 15', open: openPostgres },
]

/**
 * A signed-up user (profile and locker made by the signup trigger): a customer, an admin (true) or a
 * clerk; their claims. Staff sessions are at aal2 (confirmed with a code), as a manager's must be for
 * the sensitive actions (supabase/schemas/98_two_step.sql); tests of the step-up itself ask for aal1.
 */
export async function createApiUser(db: Engine, role: boolean | 'clerk' = false): Promise<JwtClaims & { sub: string }> {
  const id = randomUUID()
  await db.owner(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`, [id, `${id}@example.test`])
  if (role) await db.owner(`update public.profiles set role = $2 where id = $1`, [id, role === true ? 'admin' : role])
  return role ? { sub: id, role: 'authenticated', aal: 'aal2' } : { sub: id, role: 'authenticated' }
}
