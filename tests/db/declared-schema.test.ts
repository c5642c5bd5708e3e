import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../supabase/local/database.ts'
import { openDeclaredDatabase } from './declared-database.ts'
import { type Catalog, catalogDifferences, readCatalog } from './schema-catalog.ts'

// supabase/schemas says what runs: every object of the database written once, as it is now. This
// holds it to the migrations, which are what a database actually gets: a database made from the
// bootstrap and the schema files defines exactly what one made from the bootstrap and the
// migrations defines, object by object (columns, constraints, indexes, functions to the character,
// triggers, policies, grants, default privileges, the realtime publication…). A migration added
// without its schema change, or a schema file edited without a migration, fails here with the
// object's two definitions.

describe('supabase/schemas', () => {
  let migratedDb: PGlite
  let declaredDb: PGlite
  let migrated: Catalog
  let declared: Catalog

  // The first run after the migrations or the bootstrap change makes both images.
  beforeAll(async () => {
    ;[migratedDb, declaredDb] = await Promise.all([openDatabase({ seed: false }).then(({ db }) => db), openDeclaredDatabase()])
    migrated = await readCatalog(migratedDb)
    declared = await readCatalog(declaredDb)
  }, 120_000)

  afterAll(async () => {
    await Promise.all([migratedDb?.close(), declaredDb?.close()])
  })

  it('declares exactly what the migrations define', () => {
    expect(migrated.size).toBeGreaterThan(800)
    const differences = catalogDifferences(migrated, declared)
    expect(differences.length, differencesReport(differences)).toBe(0)
  })

  // The comparison itself, on the declared database against a copy changed in a transaction.
  it('tells a function changed by one character, an object left out and one added, naming each', async () => {
    const mutated = await declaredDb.transaction(async (tx) => {
      await tx.exec(`
        create or replace function public.pull_checkpoint(p_change_xid xid8, p_id uuid)
        returns text language sql immutable
        as $$
  select p_change_xid::text || ';' || p_id::text
$$;
        drop policy "profiles: staff read all" on public.profiles;
        create table public.not_in_the_migrations (id integer);`)
      const read = await readCatalog(tx)
      await tx.rollback()
      return read
    })
    const differences = catalogDifferences(declared, mutated)
    expect(differences.map((difference) => difference.split('\n')[0])).toEqual([
      `column public.not_in_the_migrations.id: supabase/schemas declares it; the migrations do not.`,
      `function public.pull_checkpoint(p_change_xid xid8, p_id uuid): differs from the migrations' (line 6).`,
      `policy public.profiles."profiles: staff read all": the migrations define it; supabase/schemas does not.`,
      `table public.not_in_the_migrations: supabase/schemas declares it; the migrations do not.`,
    ])
    expect(differences[1]).toContain(`select p_change_xid::text || ':' || p_id::text`)
    expect(differences[1]).toContain(`select p_change_xid::text || ';' || p_id::text`)
  })
})

/** The differences, the first ones in full: a maintainer copies the migrations' definitions from here. */
function differencesReport(differences: string[]): string {
  const shown = 20
  return [
    `${differences.length} objects differ between supabase/schemas and supabase/migrations (see README, "Changing the database"):`,
    ...differences.slice(0, shown),
    ...(differences.length > shown ? [`…and ${differences.length - shown} more.`] : []),
  ].join('\n\n')
}
