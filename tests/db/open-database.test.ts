import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, readMigrations } from '../../supabase/local/database.ts'
import type { Db } from './helpers.ts'

const statusOrder = ['recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado']

describe('openDatabase on a data directory', () => {
  let dataDir: string
  let first: { db: Db; fresh: boolean }
  const log: string[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'casillero-db-'))
    const started = performance.now()
    first = await openDatabase({ dataDir, log: (line) => log.push(line), schemaImage: false })
    console.info(`cold openDatabase: ${Math.round(performance.now() - started)} ms`)
  })

  afterAll(async () => {
    if (!first.db.closed) await first.db.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('applies every migration once and the seed on a fresh directory', async () => {
    const migrations = await readMigrations()
    expect(first.fresh).toBe(true)
    expect(log).toEqual([...migrations.map((m) => `applied migration ${m.version}_${m.name}`), 'applied seed.sql'])
    const { rows } = await first.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
    expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version))
  })

  it('a fresh database made from the cached schema image has what applying the migrations gives', async () => {
    // What the schema consists of: every relation, column, function, policy and trigger by name.
    const catalog = `select array_agg(entry order by entry) as entries from (
        select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as entry from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'auth', 'storage', 'supabase_migrations')
        union all select 'col ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type from information_schema.columns
         where table_schema in ('public', 'auth', 'storage')
        union all select 'fn ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname in ('public', 'auth', 'storage')
        union all select 'policy ' || schemaname || '.' || tablename || '.' || policyname || ' ' || coalesce(qual, '') from pg_policies
        union all select 'trigger ' || tgrelid::regclass || '.' || tgname from pg_trigger where not tgisinternal
        union all select 'migration ' || version from supabase_migrations.schema_migrations) entries`
    const fromImage = await openDatabase({ seed: false })
    try {
      const [expected, actual] = await Promise.all([first.db.query(catalog), fromImage.db.query(catalog)])
      expect((expected.rows[0] as { entries: string[] }).entries.length).toBeGreaterThan(400)
      expect(actual.rows).toEqual(expected.rows)
    } finally {
      await fromImage.db.close()
    }
  })

  it('seeds a demo admin, a demo clerk, a demo customer and a past customer whose bcrypt passwords verify', async () => {
    const { rows } = await first.db.query<{ email: string; role: string; full_name: string; hash: string }>(`
      select u.email, p.role, p.full_name, u.encrypted_password as hash
      from auth.users u join public.profiles p on p.id = u.id order by u.email`)
    expect(rows.map(({ email, role, full_name }) => ({ email, role, full_name }))).toEqual([
      { email: 'admin@example.com', role: 'admin', full_name: 'Admin Demo' },
      { email: 'clerk@example.com', role: 'clerk', full_name: 'Clerk Demo' },
      { email: 'cliente@example.com', role: 'user', full_name: 'Cliente Demo' },
      { email: 'historia@example.com', role: 'user', full_name: 'Historia Demo' },
    ])
    expect(bcrypt.compareSync('admin-demo-password', rows[0]!.hash)).toBe(true)
    expect(bcrypt.compareSync('clerk-demo-password', rows[1]!.hash)).toBe(true)
    expect(bcrypt.compareSync('cliente-demo-password', rows[2]!.hash)).toBe(true)
    expect(bcrypt.compareSync('cliente-demo-password', rows[3]!.hash)).toBe(true)
  })

  it('gives the demo customer a locker, one package per status and a second one at the warehouse, with fixed public tokens', async () => {
    const { rows } = await first.db.query<{ status: string; public_token: string; locker_code: string; code: string }>(`
      select pk.status, pk.public_token, pk.locker_code, l.code
      from public.packages pk
      join auth.users u on u.id = pk.user_id
      join public.lockers l on l.user_id = pk.user_id
      where u.email = 'cliente@example.com'
      order by pk.public_token`)
    // Tokens …001 to …006 follow the statuses; …007 is the second package at the warehouse, so
    // the demo can ship two packages together.
    expect(rows.map((row) => row.status)).toEqual([...statusOrder, 'recibido'])
    expect(rows.map((row) => row.public_token)).toEqual([...statusOrder, 'recibido'].map((_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`))
    for (const row of rows) expect(row.locker_code).toBe(row.code)
  })

  it('gives the demo customer a shipped shipment they paid by card, with its receipt, and storage fees owed since the shoes’ free days ended', async () => {
    const { rows } = await first.db.query<{ kind: string; amount_cents: string; balance_after_cents: string; receipt: boolean; method: string | null }>(`
      select e.kind, e.amount_cents::text, e.balance_after_cents::text, e.receipt_number is not null as receipt, e.method
      from public.account_entries e join auth.users u on u.id = e.user_id
      where u.email = 'cliente@example.com' order by e.created_at`)
    const [charge, payment, ...fees] = rows
    expect(charge).toMatchObject({ kind: 'shipment_charge', receipt: false })
    expect(payment).toEqual({ kind: 'payment', amount_cents: `-${charge!.amount_cents}`, balance_after_cents: '0', receipt: true, method: 'card' })
    expect(fees.length).toBeGreaterThan(0)
    expect(fees.map((fee) => fee.kind)).toEqual(fees.map(() => 'storage_fee'))
    const { rows: shipped } = await first.db.query(`select s.status from public.shipments s join public.packages p on p.shipment_id = s.id
      where p.public_token = '00000000-0000-4000-8000-000000000003'`)
    expect(shipped).toEqual([{ status: 'shipped' }])
  })

  it('reopens warm: nothing applied again, data kept', async () => {
    await first.db.query(`update public.profiles set full_name = 'Cliente Cambiado' where email = 'cliente@example.com'`)
    await first.db.close()
    const log2: string[] = []
    const started = performance.now()
    const second = await openDatabase({ dataDir, log: (line) => log2.push(line) })
    console.info(`warm openDatabase: ${Math.round(performance.now() - started)} ms`)
    try {
      expect(second.fresh).toBe(false)
      expect(log2).toEqual([])
      const { rows } = await second.db.query<{ packages: number; name: string }>(`
        select (select count(*)::int from public.packages) as packages,
          (select full_name from public.profiles where email = 'cliente@example.com') as name`)
      expect(rows[0]).toEqual({ packages: 10, name: 'Cliente Cambiado' })
      // The restart re-runs the bootstrap SQL; it must not widen what the migrations narrowed.
      const { rows: widened } = await second.db.query(`
        select a.privilege_type from pg_default_acl d, aclexplode(d.defaclacl) a
         where a.grantee = 'authenticated'::regrole and a.privilege_type in ('TRUNCATE', 'REFERENCES', 'TRIGGER', 'USAGE')`)
      expect(widened).toEqual([])
    } finally {
      await second.db.close()
    }
  })
})

it('openDatabase in memory without seed is empty but fully migrated', async () => {
  const { db, fresh } = await openDatabase({ seed: false })
  try {
    expect(fresh).toBe(true)
    const { rows } = await db.query<{ users: number; tables: number }>(`
      select (select count(*)::int from auth.users) as users,
        (select count(*)::int from pg_tables where schemaname = 'public') as tables`)
    expect(rows[0]).toEqual({ users: 0, tables: 30 })
  } finally {
    await db.close()
  }
})
