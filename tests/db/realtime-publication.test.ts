import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMigrations } from '../../supabase/local/database.ts'
import { openEmptyDatabase } from './helpers.ts'
import { type Cluster, startCluster } from './postgres-cluster.ts'

// The realtime publication migrations on both engines: PGlite (the stand-in) and PostgreSQL 15,
// where Supabase runs them against a publication it created itself.

interface Engine {
  exec(sql: string): Promise<unknown>
  rows<R>(sql: string): Promise<R[]>
  close(): Promise<void>
}

const published = ['account_balances', 'account_entries', 'deleted_profiles', 'lockers', 'notifications', 'packages', 'prealerts', 'profiles', 'rates', 'shipments']

/**
 * The migrations that add tables to the publication, in the order they apply, and where their
 * publication part starts (shipments adds its tables in its last section, which runs again alone).
 */
const publicationMigrations: { name: string; from?: string }[] = [
  { name: 'realtime_publication' },
  { name: 'prealerts_realtime' },
  { name: 'shipments', from: '-- 10. Realtime' },
  { name: 'notifications', from: '-- 5. Heard live' },
  { name: 'money', from: '-- 5. Live updates' },
]

async function migrationSql(): Promise<string> {
  const migrations = await readMigrations()
  return publicationMigrations
    .map(({ name, from }) => {
      const migration = migrations.find((candidate) => candidate.name === name)
      if (!migration) throw new Error(`the ${name} migration is missing`)
      if (from === undefined) return migration.sql
      const start = migration.sql.indexOf(from)
      if (start < 0) throw new Error(`the ${name} migration has no section starting with ${from}`)
      return migration.sql.slice(start)
    })
    .join('\n')
}

async function pglite(): Promise<Engine> {
  const db = await openEmptyDatabase()
  return {
    exec: (sql) => db.exec(sql, { onNotice: () => {} }),
    rows: async <R,>(sql: string) => (await db.query<R>(sql)).rows,
    close: () => db.close(),
  }
}

async function postgres15(): Promise<Engine> {
  let cluster: Cluster | undefined
  try {
    cluster = await startCluster()
    const client = await cluster.connect()
    client.on('notice', () => {})
    return {
      exec: (sql) => client.query(sql),
      rows: async <R,>(sql: string) => (await client.query(sql)).rows as R[],
      close: async () => {
        await client.end()
        await cluster?.stop()
      },
    }
  } catch (error) {
    await cluster?.stop()
    throw error
  }
}

describe.each([
  ['PGlite', pglite],
  ['PostgreSQL 15', postgres15],
])('the supabase_realtime publication on %s', (_name, open) => {
  let engine: Engine
  const publishedTables = async () =>
    (
      await engine.rows<{ tablename: string }>(
        `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`,
      )
    ).map((row) => row.tablename)

  beforeAll(async () => {
    engine = await open()
  }, 60_000)

  afterAll(async () => {
    await engine?.close()
  })

  it('holds the tables the app listens to, with inserts, updates and deletes', async () => {
    expect(await publishedTables()).toEqual(published)
    const [publication] = await engine.rows<{ ins: boolean; upd: boolean; del: boolean }>(
      `select pubinsert as ins, pubupdate as upd, pubdelete as del from pg_publication where pubname = 'supabase_realtime'`,
    )
    expect(publication).toEqual({ ins: true, upd: true, del: true })
  })

  it('runs again without changing anything', async () => {
    await engine.exec(await migrationSql())
    expect(await publishedTables()).toEqual(published)
  })

  it("adds the tables to a publication that already exists, as Supabase's does", async () => {
    await engine.exec('alter publication supabase_realtime drop table public.packages, public.lockers, public.prealerts, public.shipments, public.rates, public.notifications')
    await engine.exec(await migrationSql())
    expect(await publishedTables()).toEqual(published)
  })

  it('creates the publication when the database has none', async () => {
    await engine.exec('drop publication supabase_realtime')
    await engine.exec(await migrationSql())
    expect(await publishedTables()).toEqual(published)
  })
})
