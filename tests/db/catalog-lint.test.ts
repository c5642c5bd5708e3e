import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Db, openEmptyDatabase } from './helpers.ts'

// Lints the catalog after all migrations, so a new table or function cannot
// slip in without RLS or with a hijackable search_path.

let db: Db

beforeAll(async () => {
  db = await openEmptyDatabase()
})

afterAll(async () => {
  await db?.close()
})

it('every table in public has row level security enabled and at least one policy', async () => {
  const { rows } = await db.query<{ table: string; rls: boolean; policies: number }>(`
    select c.relname as table, c.relrowsecurity as rls,
      (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`)
  expect(rows.map((row) => row.table)).toEqual(['deleted_profiles', 'lockers', 'package_events', 'packages', 'profiles'])
  for (const row of rows) expect(row, row.table).toMatchObject({ rls: true, policies: expect.any(Number) })
  expect(rows.filter((row) => row.policies < 1)).toEqual([])
})

it('every SECURITY DEFINER function and every trigger function in public fixes its search_path', async () => {
  const { rows } = await db.query<{ name: string; definer: boolean; trigger: boolean; config: string[] | null }>(`
    select p.proname as name, p.prosecdef as definer, p.prorettype = 'trigger'::regtype as trigger, p.proconfig as config
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and (p.prosecdef or p.prorettype = 'trigger'::regtype)
    order by p.proname`)
  expect(rows.length).toBeGreaterThanOrEqual(7)
  const unfixed = rows.filter((row) => !(row.config ?? []).some((setting) => setting.startsWith('search_path=')))
  expect(unfixed.map((row) => row.name)).toEqual([])
})

it('no public function is executable by anon except the public tracking lookup', async () => {
  const { rows } = await db.query<{ name: string }>(`
    select p.proname as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
    order by p.proname`)
  expect(rows.map((row) => row.name)).toEqual(['get_package_by_token'])
})

it('the API roles exist as on Supabase, and only service_role bypasses RLS', async () => {
  const { rows } = await db.query<{ name: string; login: boolean; bypass: boolean }>(`
    select rolname as name, rolcanlogin as login, rolbypassrls as bypass
    from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`)
  expect(rows).toEqual([
    { name: 'anon', login: false, bypass: false },
    { name: 'authenticated', login: false, bypass: false },
    { name: 'service_role', login: false, bypass: true },
  ])
})
