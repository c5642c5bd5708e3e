import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** Runs one or more SQL statements (no parameters). PGlite's `exec` and pg's `Client.query` both fit. */
export type Exec = (sql: string) => Promise<unknown>

export interface Migration {
  version: string
  name: string
  sql: string
}

export interface OpenDatabaseOptions {
  /** Folder to persist the database in; undefined keeps it in memory. */
  dataDir?: string
  /** Apply supabase/seed.sql when the database is fresh (default true). */
  seed?: boolean
  log?: (line: string) => void
}

const supabaseDir = fileURLToPath(new URL('..', import.meta.url))
const migrationsDir = join(supabaseDir, 'migrations')
const migrationFile = /^(\d+)_([\w-]+)\.sql$/

const bookkeepingSql = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    name text,
    statements text[]
  );
`

/** Opens PGlite, bootstraps the Supabase-like auth schema, applies pending migrations and, on a fresh database, the seed. */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<{ db: PGlite; fresh: boolean }> {
  const log = opts.log ?? (() => {})
  // Only the contrib extensions the migrations create: each one loaded slows every start.
  const db = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm } })
  const exec: Exec = (sql) => db.exec(sql, { onNotice: () => {} })
  try {
    const fresh = !(await hasBookkeeping(exec))
    await applySchema(exec, log)
    if (fresh && opts.seed !== false) {
      await runInTransaction(exec, await readFile(join(supabaseDir, 'seed.sql'), 'utf8'))
      log('applied seed.sql')
    }
    return { db, fresh }
  } catch (error) {
    await db.close()
    throw error
  }
}

/**
 * Applies local/auth-schema.sql and local/storage-schema.sql (idempotent, every time) and then each
 * migration not yet recorded in supabase_migrations.schema_migrations, in name
 * order, each in its own transaction. Returns the versions it applied. Works on
 * PGlite and on a real PostgreSQL through node-postgres (`(sql) => client.query(sql)`).
 */
export async function applySchema(exec: Exec, log: (line: string) => void = () => {}): Promise<string[]> {
  for (const schema of ['./auth-schema.sql', './storage-schema.sql']) await exec(await readFile(fileURLToPath(new URL(schema, import.meta.url)), 'utf8'))
  await exec(bookkeepingSql)
  const recorded = rowsOf(await exec('select version from supabase_migrations.schema_migrations'))
  const done = new Set(recorded.map((row) => String((row as { version: unknown }).version)))
  const applied: string[] = []
  for (const migration of await readMigrations()) {
    if (done.has(migration.version)) continue
    const record = `insert into supabase_migrations.schema_migrations (version, name, statements)
      values (${literal(migration.version)}, ${literal(migration.name)}, array[${literal(migration.sql)}])`
    try {
      await runInTransaction(exec, migration.sql, record)
    } catch (error) {
      throw new Error(`migration ${migration.version}_${migration.name} failed: ${messageOf(error)}`, { cause: error })
    }
    log(`applied migration ${migration.version}_${migration.name}`)
    applied.push(migration.version)
  }
  return applied
}

/** supabase/migrations/*.sql in the order they apply. */
export async function readMigrations(): Promise<Migration[]> {
  const files = (await readdir(migrationsDir)).filter((file) => migrationFile.test(file)).sort()
  return Promise.all(
    files.map(async (file) => {
      const [, version = '', name = ''] = migrationFile.exec(file) ?? []
      return { version, name, sql: await readFile(join(migrationsDir, file), 'utf8') }
    }),
  )
}

async function hasBookkeeping(exec: Exec): Promise<boolean> {
  const rows = rowsOf(await exec(`select to_regclass('supabase_migrations.schema_migrations') is not null as present`))
  return (rows[0] as { present?: boolean } | undefined)?.present === true
}

async function runInTransaction(exec: Exec, ...statements: string[]): Promise<void> {
  await exec('begin')
  try {
    for (const sql of statements) await exec(sql)
    await exec('commit')
  } catch (error) {
    await exec('rollback')
    throw error
  }
}

/** Rows of the last statement's result, for both PGlite (array of results) and pg (one result or an array). */
function rowsOf(result: unknown): unknown[] {
  const last: unknown = Array.isArray(result) ? result.at(-1) : result
  const rows = (last as { rows?: unknown } | undefined)?.rows
  return Array.isArray(rows) ? rows : []
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

