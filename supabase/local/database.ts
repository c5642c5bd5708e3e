import { type Hash, createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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
  /**
   * Start a fresh database from the cached image of the schema (default true), made the first time
   * the migrations are applied: applying them takes seconds, loading the image a fraction of that.
   */
  schemaImage?: boolean
}

const supabaseDir = fileURLToPath(new URL('..', import.meta.url))
const migrationsDir = join(supabaseDir, 'migrations')
const migrationFile = /^(\d+)_([\w-]+)\.sql$/
const bootstrapFiles = ['./auth-schema.sql', './storage-schema.sql'].map((schema) => fileURLToPath(new URL(schema, import.meta.url)))
/** Only the contrib extensions the migrations create: each one loaded slows every start. */
const pgliteExtensions = { pg_trgm }
/** Where images of fresh databases are kept (cachedImage): migrated, by `schemaHash()`, and only bootstrapped. */
export const imageCacheDir = join(supabaseDir, '..', 'node_modules', '.cache', 'supabase-local')

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
  const fresh = opts.dataDir === undefined || !existsSync(join(opts.dataDir, 'PG_VERSION'))
  // The migrated schema, without seed: its dates are relative to when it runs.
  const image = fresh && opts.schemaImage !== false ? cachedImage(`schema-${await schemaHash()}`) : null
  const loadDataDir = image ? await image.read() : undefined
  const db = await PGlite.create({ dataDir: opts.dataDir, extensions: pgliteExtensions, loadDataDir })
  const exec: Exec = (sql) => db.exec(sql, { onNotice: () => {} })
  try {
    if (loadDataDir) log('created from the cached image of the migrations')
    else {
      await applySchema(exec, log)
      if (image) await image.save(db)
    }
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
 * A hash of everything the schema is made of: PGlite's version, the auth and storage schemas, the
 * migrations. Caches of a migrated database (here and in the tests) are kept under it.
 */
export async function schemaHash(): Promise<string> {
  const hash = await bootstrapHashing()
  hash.update(bookkeepingSql)
  for (const migration of await readMigrations()) hash.update(`${migration.version}_${migration.name}\n${migration.sql}`)
  return hash.digest('hex').slice(0, 16)
}

/** PGlite's version and the auth and storage schemas, hashed so far. */
async function bootstrapHashing(): Promise<Hash> {
  const hash = createHash('sha256')
  hash.update(await readFile(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json')))
  for (const file of bootstrapFiles) hash.update(await readFile(file))
  return hash
}

/**
 * An in-memory database with only the bootstrap applied: what a Supabase database has before any
 * migration. Made from a cached image too (`bootstrap-<hash>.tar`), since creating a PGlite cluster
 * takes longer than anything applied to it.
 */
export async function openBootstrappedDatabase(): Promise<PGlite> {
  const image = cachedImage(`bootstrap-${(await bootstrapHashing()).digest('hex').slice(0, 16)}`)
  const loadDataDir = await image.read()
  const db = await PGlite.create({ extensions: pgliteExtensions, loadDataDir })
  try {
    if (!loadDataDir) {
      await applyBootstrap((sql) => db.exec(sql, { onNotice: () => {} }))
      await image.save(db)
    }
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}

/**
 * A fresh database as a tarball of PGlite's data folder, kept in node_modules/.cache under `name`
 * (which says what it holds and the hash of what made it).
 */
function cachedImage(name: string): { read(): Promise<Blob | undefined>; save(db: PGlite): Promise<void> } {
  const file = join(imageCacheDir, `${name}.tar`)
  return {
    read: async () => (existsSync(file) ? new Blob([await readFile(file)]) : undefined),
    async save(db) {
      const tarball = await db.dumpDataDir('none')
      await mkdir(imageCacheDir, { recursive: true })
      // Written aside and renamed: another process starting meanwhile reads a whole image or none.
      const partial = `${file}.${process.pid}.partial`
      await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()))
      await rename(partial, file)
    },
  }
}

/**
 * Applies local/auth-schema.sql and local/storage-schema.sql (idempotent, every time) and then each
 * migration not yet recorded in supabase_migrations.schema_migrations, in name
 * order, each in its own transaction. Returns the versions it applied. Works on
 * PGlite and on a real PostgreSQL through node-postgres (`(sql) => client.query(sql)`).
 */
export async function applySchema(exec: Exec, log: (line: string) => void = () => {}): Promise<string[]> {
  await applyBootstrap(exec)
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

/**
 * What a Supabase database has before any migration (the API roles, `auth` and `storage`):
 * local/auth-schema.sql and local/storage-schema.sql, idempotent.
 */
async function applyBootstrap(exec: Exec): Promise<void> {
  for (const file of bootstrapFiles) await exec(await readFile(file, 'utf8'))
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

