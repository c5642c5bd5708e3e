import type { PGlite } from '@electric-sql/pglite'
import type { BucketToml } from '../config'

/** The buckets of config.toml, created or brought up to date at every start (as `supabase start` seeds them). */
export async function syncBuckets(db: PGlite, buckets: readonly BucketToml[]): Promise<void> {
  for (const bucket of buckets) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [bucket.id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
    )
  }
}
