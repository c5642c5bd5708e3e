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
  expect(rows.map((row) => row.table)).toEqual([
    'account_balances',
    'account_entries',
    'article_slugs',
    'article_texts',
    'articles',
    'audit_log',
    'content_ops',
    'deleted_profiles',
    'faqs',
    'lockers',
    'mail_outbox',
    'notification_read_ops',
    'notifications',
    'package_events',
    'packages',
    'plans',
    'prealert_ops',
    'prealerts',
    'profiles',
    'push_subscriptions',
    'rate_changes',
    'rates',
    'shipment_events',
    'shipment_items',
    'shipment_ops',
    'shipments',
  ])
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

it('no public function is executable by anon except the public tracking lookup, the public rates and a push subscription\'s renewal by its browser', async () => {
  const { rows } = await db.query<{ name: string }>(`
    select p.proname as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
    order by p.proname`)
  expect(rows.map((row) => row.name)).toEqual(['get_package_by_token', 'rates_json', 'renew_push_subscription'])
})

it('anon and authenticated hold only what RLS governs: no TRUNCATE, REFERENCES, TRIGGER or MAINTAIN on a table, nothing on a sequence, now or by default', async () => {
  const { rows } = await db.query<{ object: string; role: string; privilege: string }>(`
    with granted as (
      select c.relname::text as object, c.relkind::text as kind, a.grantee, a.privilege_type
      from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) a
      where n.nspname = 'public'
      union all
      select 'default for ' || d.defaclobjtype::text, d.defaclobjtype::text, a.grantee, a.privilege_type
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace, aclexplode(d.defaclacl) a
      where (n.nspname = 'public' or d.defaclnamespace = 0) and d.defaclobjtype in ('r', 'S')
    )
    select g.object, r.rolname as role, g.privilege_type as privilege
    from granted g join pg_roles r on r.oid = g.grantee
    where r.rolname in ('anon', 'authenticated')
      and (g.kind = 'S' or g.privilege_type not in ('SELECT', 'INSERT', 'UPDATE', 'DELETE'))
    order by 1, 2, 3`)
  expect(rows).toEqual([])
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
