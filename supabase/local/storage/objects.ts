// storage.objects as each request's caller sees it: every statement runs with the caller's claims,
// so the policies on storage.objects (supabase/migrations) decide, as on Supabase.
import type { PGlite } from '@electric-sql/pglite'
import { withClaims, type JwtClaims } from '../as-role'
import { sqlState } from '../rest/errors'
import { storageErrors } from './errors'

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  created_at: string
  updated_at: string
  last_accessed_at: string
  metadata: ObjectMetadata
  version: string | null
}

export interface BucketRow {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

/** A bucket, whoever asks (Storage looks buckets up as its own superuser). */
export async function findBucket(db: PGlite, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(`select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [id])
  if (!rows[0]) throw storageErrors.bucketNotFound()
  return rows[0]
}

/** Postgres' refusals as Storage words them. */
function storageRefusal(error: unknown): unknown {
  const code = sqlState(error)
  if (code === '23505') return storageErrors.duplicate()
  if (code === '42501') return storageErrors.rls()
  return error
}

export type WriteMode = 'create' | 'upsert' | 'update'

/**
 * Records an object for the caller and, inside the same transaction, `store`s its bytes: the row
 * and the file are kept together or not at all. `update` needs the object to exist (and the caller
 * to see it); `create` refuses one that exists (409).
 */
export async function writeObject(
  db: PGlite,
  claims: JwtClaims,
  object: { bucket: string; key: string; metadata: ObjectMetadata; mode: WriteMode },
  store: () => Promise<void>,
): Promise<string> {
  const owner = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null
  const params = [object.bucket, object.key, owner, JSON.stringify(object.metadata)]
  const sql = {
    create: `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3::uuid, $3, $4::jsonb, gen_random_uuid()::text) returning id`,
    upsert: `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3::uuid, $3, $4::jsonb, gen_random_uuid()::text)
             on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
               version = excluded.version, updated_at = now(), last_accessed_at = now() returning id`,
    update: `update storage.objects set owner = $3::uuid, owner_id = $3, metadata = $4::jsonb, version = gen_random_uuid()::text, updated_at = now(), last_accessed_at = now()
             where bucket_id = $1 and name = $2 returning id`,
  }[object.mode]
  try {
    return await withClaims(db, claims, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(sql, params)
      if (!rows[0]) throw storageErrors.objectNotFound()
      await store()
      return rows[0].id
    })
  } catch (error) {
    throw storageRefusal(error)
  }
}

const rehearsed = new Error('rehearsed')

/**
 * Refuses as `writeObject` would (the policies; 409 for an object that exists when this is no
 * upsert), writing nothing: Storage asks before a resumable upload's bytes arrive, and again as
 * each part does.
 */
export async function checkObjectWrite(db: PGlite, claims: JwtClaims, object: { bucket: string; key: string; mode: WriteMode }): Promise<void> {
  const metadata: ObjectMetadata = { eTag: '', size: 0, mimetype: '', cacheControl: '', lastModified: '', contentLength: 0, httpStatusCode: 200 }
  try {
    await writeObject(db, claims, { ...object, metadata }, () => Promise.reject(rehearsed))
  } catch (error) {
    if (error !== rehearsed) throw error
  }
}

const columns = `id, bucket_id, name, owner, created_at, updated_at, last_accessed_at, metadata, version`

/** The object if the caller may see it (or `claims` is null: Storage itself, for public and signed URLs). */
export async function findObject(db: PGlite, claims: JwtClaims | null, bucket: string, key: string): Promise<ObjectRow> {
  const query = `select ${columns} from storage.objects where bucket_id = $1 and name = $2`
  const rows = claims ? await withClaims(db, claims, async (tx) => (await tx.query<ObjectRow>(query, [bucket, key])).rows) : (await db.query<ObjectRow>(query, [bucket, key])).rows
  if (!rows[0]) throw storageErrors.objectNotFound()
  return rows[0]
}

/** Of these keys, those the caller may see. */
export async function visibleKeys(db: PGlite, claims: JwtClaims, bucket: string, keys: readonly string[]): Promise<Set<string>> {
  const rows = await withClaims(db, claims, async (tx) => (await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [bucket, keys])).rows)
  return new Set(rows.map((row) => row.name))
}

/** The objects under `prefix` the caller may see, in name order. */
export async function objectsUnder(db: PGlite, claims: JwtClaims, bucket: string, prefix: string): Promise<ObjectRow[]> {
  const pattern = prefix.replace(/[\\%_]/g, (char) => `\\${char}`) + '%'
  return withClaims(db, claims, async (tx) => (await tx.query<ObjectRow>(`select ${columns} from storage.objects where bucket_id = $1 and name like $2 order by name`, [bucket, pattern])).rows)
}

/** Deletes those of `keys` the caller may delete; returns them (the files go after the commit). */
export async function deleteObjects(db: PGlite, claims: JwtClaims, bucket: string, keys: readonly string[]): Promise<ObjectRow[]> {
  try {
    return await withClaims(db, claims, async (tx) => (await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${columns}`, [bucket, keys])).rows)
  } catch (error) {
    throw storageRefusal(error)
  }
}
