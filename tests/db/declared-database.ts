import { readFile, readdir } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { parse } from 'smol-toml'
import { openBootstrappedDatabase } from '../../supabase/local/database.ts'

// The database supabase/schemas declares, made as `supabase db diff` makes its side of the diff:
// what a Supabase database has before any migration (the stand-in's bootstrap), then each schema
// file in the order config.toml gives.

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url))

export interface SchemaFile {
  /** The path relative to supabase/, as config.toml names it. */
  path: string
  sql: string
}

/**
 * The files of `[db.migrations] schema_paths` in supabase/config.toml, in its order: each entry a
 * file or a pattern with `*` in the file name, matches taken by name; a file named twice runs once.
 */
export async function readSchemaFiles(): Promise<SchemaFile[]> {
  const config = parse(await readFile(join(supabaseDir, 'config.toml'), 'utf8')) as { db?: { migrations?: { schema_paths?: string[] } } }
  const patterns = config.db?.migrations?.schema_paths
  if (!patterns?.length) throw new Error('supabase/config.toml names no [db.migrations] schema_paths')
  const paths: string[] = []
  for (const pattern of patterns) {
    for (const path of await expand(pattern)) if (!paths.includes(path)) paths.push(path)
  }
  return Promise.all(paths.map(async (path) => ({ path, sql: await readFile(join(supabaseDir, path), 'utf8') })))
}

async function expand(pattern: string): Promise<string[]> {
  const name = basename(pattern)
  if (!name.includes('*')) return [pattern]
  const matcher = new RegExp(`^${name.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`)
  const folder = dirname(pattern)
  const names = (await readdir(join(supabaseDir, folder))).filter((file) => matcher.test(file)).sort()
  return names.map((file) => join(folder, file))
}

const quiet = () => {}

/** An in-memory database with the bootstrap and every schema file applied, each file in its own transaction. */
export async function openDeclaredDatabase(): Promise<PGlite> {
  const db = await openBootstrappedDatabase()
  try {
    for (const file of await readSchemaFiles()) {
      await db.transaction((tx) => tx.exec(file.sql, { onNotice: quiet })).catch((error: unknown) => {
        throw new Error(`supabase/${file.path} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      })
    }
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}
