import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine, type Row } from './engines.ts'

// The admin integrity migration, on PGlite and on a real PostgreSQL 15: an op_id replayed
// with other arguments is a conflict, a changed_at from the future is refused, admins update
// only a package's editable columns, and the API roles hold nothing RLS does not govern.

const conflictOf = (opId: string) => ({ ok: false, code: 'PT409', message: `operation ${opId} was already recorded for a different change` })

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: JwtClaims & { sub: string }
  let customer: JwtClaims & { sub: string }
  let other: JwtClaims & { sub: string }

  const createUser = (asAdmin = false) => createApiUser(db, asAdmin)

  const createPackage = async (userId = customer.sub) =>
    (await db.owner<{ id: string }>(`insert into public.packages (user_id, tracking_code) values ($1, 'TRK-1') returning id`, [userId]))[0]!.id

  const packageOf = async (id: string) =>
    (
      await db.owner<{ status: string; version: number; tracking_code: string | null; events: number }>(
        `select status, version::int, tracking_code, (select count(*)::int from public.package_events e where e.package_id = p.id) as events
         from public.packages p where id = $1`,
        [id],
      )
    )[0]!

  const eventCount = async (opId: string) => (await db.owner<{ n: number }>(`select count(*)::int as n from public.package_events where op_id = $1`, [opId]))[0]!.n

  const applySql = `select public.apply_package_status($1, $2, $3, $4::timestamptz, $5) as result`
  const apply = (opId: string, packageId: string, status: string, changedAt: string | null = null, baseVersion = 1) =>
    db.as(admin)<{ result: { outcome: string; package: { status: string; version: number } } }>(applySql, [opId, packageId, status, changedAt, baseVersion])
  const tryApply = (opId: string, packageId: string, status: string, changedAt: string | null = null, baseVersion = 1) =>
    db.attempt(admin, (query) => query(applySql, [opId, packageId, status, changedAt, baseVersion]))

  interface BatchResult {
    op_id: string
    outcome?: string
    error?: { code: string; message: string }
  }
  const batch = async (changes: Row[]) =>
    (await db.as(admin)<{ results: BatchResult[] }>(`select public.apply_package_statuses($1::jsonb) as results`, [JSON.stringify(changes)]))[0]!.results
  const change = (packageId: string, status: string, fields: Row = {}) => ({
    op_id: randomUUID(),
    package_id: packageId,
    status,
    changed_at: '2026-01-02T03:04:05Z',
    base_version: 1,
    ...fields,
  })

  beforeAll(async () => {
    db = await open()
    admin = await createUser(true)
    customer = await createUser()
    other = await createUser()
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  describe('apply_package_status and apply_package_statuses: an op names one change', () => {
    it('refuses the op again for another package or another status with PT409, and still answers the same replay', async () => {
      const [pkg, second] = [await createPackage(), await createPackage()]
      const op = randomUUID()
      const [first] = await apply(op, pkg, 'transito')
      expect(await tryApply(op, second, 'transito')).toEqual(conflictOf(op))
      expect(await tryApply(op, pkg, 'aduana')).toEqual(conflictOf(op))
      expect(await apply(op, pkg, 'transito')).toEqual([first])
      expect(await packageOf(second)).toMatchObject({ status: 'recibido', version: 1 })
      expect(await eventCount(op)).toBe(1)
    })

    it('refuses a registration’s op as a status change, even for that package and status', async () => {
      const [packageId, opId] = [randomUUID(), randomUUID()]
      await db.as(admin)(`select public.register_package($1, $2, $3, gen_random_uuid(), 'transito')`, [opId, packageId, customer.sub])
      expect(await tryApply(opId, packageId, 'transito')).toEqual(conflictOf(opId))
    })

    it('answers a conflicting op of a batch with its PT409 in its place and applies the others', async () => {
      const [pkg, second] = [await createPackage(), await createPackage()]
      const used = change(pkg, 'transito')
      await batch([used])
      const conflicting = { ...change(second, 'aduana'), op_id: used.op_id }
      const fine = change(second, 'disponible')
      const results = await batch([conflicting, fine])
      expect(results).toEqual([
        { op_id: used.op_id, error: expect.objectContaining({ code: 'PT409', message: `operation ${used.op_id} was already recorded for a different change`, hint: 'op_reused' }) },
        expect.objectContaining({ op_id: fine.op_id, outcome: 'applied' }),
      ])
      expect(await packageOf(second)).toMatchObject({ status: 'disponible', version: 2 })
      expect(await eventCount(used.op_id)).toBe(1)
    })
  })

  describe('register_package: an op names one registration', () => {
    const registerSql = `select public.register_package($1, $2, $3, $4, $5, $6, $7, $8, $9) as result`
    interface Registration {
      opId: string
      packageId: string
      userId: string
      token: string
      status: string
      tracking: string | null
      weight: number | string | null
      volume: number | null
      meta: unknown
    }
    const newRegistration = (): Registration => ({
      opId: randomUUID(),
      packageId: randomUUID(),
      userId: customer.sub,
      token: randomUUID(),
      status: 'recibido',
      tracking: 'TRK-REG',
      weight: 2.5,
      volume: 0.02,
      meta: { store: 'Amazon' },
    })
    const params = (r: Registration) => [r.opId, r.packageId, r.userId, r.token, r.status, r.tracking, r.weight, r.volume, r.meta]
    const register = async (r: Registration) => (await db.as(admin)<{ result: { outcome: string } }>(registerSql, params(r)))[0]!.result
    const tryRegister = (r: Registration) => db.attempt(admin, (query) => query<{ result: { outcome: string } }>(registerSql, params(r)))

    it('answers the same registration again as replayed, also with the tracking code spelt with spaces or the weight as 2.50', async () => {
      const r = newRegistration()
      expect(await register(r)).toMatchObject({ outcome: 'applied' })
      expect(await register(r)).toMatchObject({ outcome: 'replayed' })
      expect(await tryRegister({ ...r, tracking: '  TRK-REG ', weight: '2.50' })).toMatchObject({ ok: true, value: [{ result: { outcome: 'replayed' } }] })
    })

    it('refuses a replay with another owner, token, status, tracking code, weight, volume or meta with PT409', async () => {
      const r = newRegistration()
      await register(r)
      const changes: Partial<Registration>[] = [
        { userId: other.sub },
        { token: randomUUID() },
        { status: 'transito' },
        { tracking: 'TRK-OTHER' },
        { tracking: null },
        { weight: 3 },
        { volume: null },
        { meta: { store: 'eBay' } },
      ]
      for (const difference of changes) expect(await tryRegister({ ...r, ...difference }), JSON.stringify(difference)).toEqual(conflictOf(r.opId))
      expect(await packageOf(r.packageId)).toMatchObject({ status: 'recibido', version: 1, tracking_code: 'TRK-REG', events: 1 })
    })

    it('compares a replay with the registration, not with the package as later edits left it', async () => {
      const r = newRegistration()
      await register(r)
      await db.as(admin)(`update public.packages set tracking_code = 'RELABELLED' where id = $1`, [r.packageId])
      expect(await register(r)).toMatchObject({ outcome: 'replayed' })
      expect(await tryRegister({ ...r, tracking: 'RELABELLED' })).toEqual(conflictOf(r.opId))
    })

    it('refuses a status change’s op as a registration of that same package', async () => {
      const r = newRegistration()
      await register(r)
      const op = randomUUID()
      await apply(op, r.packageId, 'transito')
      expect(await tryRegister({ ...r, opId: op })).toEqual(conflictOf(op))
    })

    it('compares a registration recorded before this migration on its owner, token and status', async () => {
      const r = newRegistration()
      await register(r)
      await db.owner(`update public.package_events set registration = null where op_id = $1`, [r.opId])
      expect(await register({ ...r, tracking: 'EDITED SINCE', weight: 1 })).toMatchObject({ outcome: 'replayed' })
      for (const difference of [{ userId: other.sub }, { token: randomUUID() }, { status: 'aduana' }]) {
        expect(await tryRegister({ ...r, ...difference }), JSON.stringify(difference)).toEqual(conflictOf(r.opId))
      }
    })
  })

  describe('changed_at from the future', () => {
    it('is refused with 22023 when more than 5 minutes ahead of the server, and nothing is recorded', async () => {
      const pkg = await createPackage()
      const op = randomUUID()
      const ahead = new Date(Date.now() + 10 * 60_000).toISOString()
      expect(await tryApply(op, pkg, 'transito', ahead)).toMatchObject({
        ok: false,
        code: '22023',
        message: expect.stringMatching(/^changed_at .* is more than 5 minutes ahead of the server's clock/),
      })
      expect(await eventCount(op)).toBe(0)
      expect(await packageOf(pkg)).toMatchObject({ status: 'recibido', version: 1 })
    })

    it('is accepted a few minutes ahead (clock skew), hours or days old (offline replays) and when null', async () => {
      const pkg = await createPackage()
      const times = [new Date(Date.now() + 3 * 60_000), new Date(Date.now() - 6 * 3600_000), new Date('2025-06-01T00:00:00Z')]
      const statuses = ['consolidacion', 'transito', 'aduana']
      for (const [i, time] of times.entries()) {
        const [row] = await apply(randomUUID(), pkg, statuses[i]!, time.toISOString(), i + 1)
        expect(row!.result).toMatchObject({ outcome: 'applied', package: { status: statuses[i], version: i + 2 } })
      }
      const [row] = await apply(randomUUID(), pkg, 'disponible', null, 4)
      expect(row!.result.outcome).toBe('applied')
    })

    it('fails only its own change in a batch', async () => {
      const [pkg, second] = [await createPackage(), await createPackage()]
      const future = change(pkg, 'transito', { changed_at: new Date(Date.now() + 3600_000).toISOString() })
      const past = change(second, 'transito', { changed_at: new Date(Date.now() - 3600_000).toISOString() })
      const results = await batch([future, past])
      expect(results.map((result) => result.error?.code ?? result.outcome)).toEqual(['22023', 'applied'])
      expect(results[0]!.error!.message).toMatch(/ahead of the server's clock/)
      expect(await packageOf(pkg)).toMatchObject({ status: 'recibido', version: 1 })
    })
  })

  describe('an unknown package', () => {
    it('is PT404 for apply_package_status and for its change in a batch', async () => {
      const missing = randomUUID()
      expect(await tryApply(randomUUID(), missing, 'transito')).toEqual({ ok: false, code: 'PT404', message: `package ${missing} not found` })
      const [result] = await batch([change(missing, 'transito')])
      expect(result!.error).toMatchObject({ code: 'PT404', message: `package ${missing} not found`, hint: 'package_not_found' })
    })
  })

  describe('package columns', () => {
    const editable = ['deleted_at', 'meta', 'tracking_code', 'volume_m3', 'weight_kg']

    it('authenticated may update only tracking code, weight, volume, meta and deleted_at; anon nothing', async () => {
      const rows = await db.owner<{ column: string; authenticated: boolean; anon: boolean }>(
        `select attname as column,
           has_column_privilege('authenticated', 'public.packages'::regclass, attnum, 'UPDATE') as authenticated,
           has_column_privilege('anon', 'public.packages'::regclass, attnum, 'UPDATE') as anon
         from pg_attribute where attrelid = 'public.packages'::regclass and attnum > 0 and not attisdropped order by attname`,
      )
      expect(rows.filter((row) => row.authenticated).map((row) => row.column)).toEqual(editable)
      expect(rows.filter((row) => row.anon)).toEqual([])
      const [table] = await db.owner(`select has_table_privilege('authenticated', 'public.packages', 'UPDATE') as update`)
      expect(table).toEqual({ update: false })
    })

    it('an admin updating any other column is refused with 42501 and nothing changes', async () => {
      const pkg = await createPackage()
      const forbidden = [
        `id = gen_random_uuid()`,
        `user_id = '${other.sub}'`,
        `locker_code = 'MIA999999'`,
        `status = 'entregado'`,
        `public_token = gen_random_uuid()`,
        `version = 99`,
        `change_xid = '1'::xid8`,
        `created_at = now()`,
        `updated_at = now()`,
        `tracking_code = 'OK', status = 'entregado'`,
      ]
      for (const assignment of forbidden) {
        const outcome = await db.attempt(admin, (query) => query(`update public.packages set ${assignment} where id = $1`, [pkg]))
        expect(outcome, assignment).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table packages/) })
      }
      expect(await packageOf(pkg)).toMatchObject({ status: 'recibido', version: 1, tracking_code: 'TRK-1', events: 1 })
    })

    it('an admin updates the editable columns (the server stamps the version)', async () => {
      const pkg = await createPackage()
      const [row] = await db.as(admin)<Row>(
        `update public.packages set tracking_code = 'NEW', weight_kg = 3.25, volume_m3 = 0.5, meta = '{"store":"Target"}', deleted_at = now()
         where id = $1 returning tracking_code, weight_kg::text, volume_m3::text, meta, deleted_at is not null as deleted, version::int`,
        [pkg],
      )
      expect(row).toEqual({ tracking_code: 'NEW', weight_kg: '3.25', volume_m3: '0.5', meta: { store: 'Target' }, deleted: true, version: 2 })
    })

    it('a customer passes the column check but RLS leaves them no row to update', async () => {
      const pkg = await createPackage()
      const outcome = await db.attempt(customer, (query) => query(`update public.packages set tracking_code = 'MINE' where id = $1 returning id`, [pkg]))
      expect(outcome).toEqual({ ok: true, value: [] })
    })

    it('anon cannot update a package at all', async () => {
      const pkg = await createPackage()
      const outcome = await db.attempt(null, (query) => query(`update public.packages set tracking_code = 'X' where id = $1`, [pkg]))
      expect(outcome).toMatchObject({ ok: false, code: '42501' })
    })

    it('statuses still change through the SECURITY DEFINER RPCs', async () => {
      const pkg = await createPackage()
      const [row] = await apply(randomUUID(), pkg, 'aduana')
      expect(row!.result).toMatchObject({ outcome: 'applied', package: { status: 'aduana', version: 2 } })
    })
  })

  describe('what the API roles may update anywhere', () => {
    it('is exactly the profile fields and the editable package columns, for authenticated only', async () => {
      const rows = await db.owner<{ role: string; table: string; column: string }>(
        `select r.role, c.relname as table, a.attname as column
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         cross join (values ('anon'), ('authenticated')) as r (role)
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
           and has_column_privilege(r.role, c.oid, a.attnum, 'UPDATE')
         order by 1, 2, 3`,
      )
      const profileFields = ['city', 'country', 'delivery_address', 'full_name', 'id_number', 'lang', 'mail_muted', 'phone', 'plan', 'postal_code', 'role']
      expect(rows).toEqual([
        ...['deleted_at', 'meta', 'tracking_code', 'volume_m3', 'weight_kg'].map((column) => ({ role: 'authenticated', table: 'packages', column })),
        ...profileFields.map((column) => ({ role: 'authenticated', table: 'profiles', column })),
      ])
    })

    it('a customer saves their own profile as the app does, but not its server columns', async () => {
      const save = await db.attempt(customer, (query) =>
        query(
          `update public.profiles set full_name = 'Ana', phone = '555', country = 'CO', delivery_address = 'Calle 1',
             city = 'Bogotá', postal_code = '110111', id_number = 'CC 1'
           where id = $1 returning id, email, full_name, phone, role, country, delivery_address, city, postal_code, id_number, created_at, updated_at`,
          [customer.sub],
        ),
      )
      expect(save).toMatchObject({ ok: true, value: [{ full_name: 'Ana', city: 'Bogotá', role: 'user' }] })
      for (const assignment of [`updated_at = now()`, `email = 'x@example.test'`, `change_xid = '1'::xid8`, `created_at = now()`]) {
        const outcome = await db.attempt(customer, (query) => query(`update public.profiles set ${assignment} where id = $1`, [customer.sub]))
        expect(outcome, assignment).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table profiles/) })
      }
    })

    it('an admin changes another user’s role; a customer cannot change their own', async () => {
      const user = await createUser()
      const promote = await db.attempt(admin, (query) => query(`update public.profiles set role = 'admin' where id = $1 returning role`, [user.sub]))
      expect(promote).toEqual({ ok: true, value: [{ role: 'admin' }] })
      const self = await db.attempt(user, (query) => query(`update public.profiles set role = 'admin' where id = $1`, [user.sub]))
      expect(self).toMatchObject({ ok: false, code: '42501', message: 'only admins can change a role' })
    })
  })

  describe('privileges RLS does not govern', () => {
    const roles = ['anon', 'authenticated']

    it('no table in public grants TRUNCATE, REFERENCES, TRIGGER (or MAINTAIN) to anon or authenticated', async () => {
      const version = (await db.owner<{ version: number }>(`select current_setting('server_version_num')::int as version`))[0]!.version
      const privileges = ['TRUNCATE', 'REFERENCES', 'TRIGGER', ...(version >= 170000 ? ['MAINTAIN'] : [])]
      const rows = await db.owner<{ table: string; role: string; privilege: string }>(
        `select c.relname as table, r.role, p.privilege
         from pg_class c join pg_namespace n on n.oid = c.relnamespace,
           unnest($1::text[]) as r (role), unnest($2::text[]) as p (privilege)
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
           and has_table_privilege(r.role, c.oid, p.privilege)`,
        [roles, privileges],
      )
      expect(rows).toEqual([])
    })

    it('no sequence in public grants USAGE, SELECT or UPDATE to anon or authenticated', async () => {
      const rows = await db.owner<{ sequence: string; role: string; privilege: string }>(
        `select c.relname as sequence, r.role, p.privilege
         from pg_class c join pg_namespace n on n.oid = c.relnamespace,
           unnest($1::text[]) as r (role), unnest(array['USAGE', 'SELECT', 'UPDATE']) as p (privilege)
         where n.nspname = 'public' and c.relkind = 'S' and has_sequence_privilege(r.role, c.oid, p.privilege)`,
        [roles],
      )
      expect(rows).toEqual([])
      const sequences = await db.owner<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`,
      )
      expect(sequences.map((row) => row.name)).toEqual(['account_receipt_number_seq', 'audit_log_id_seq', 'locker_code_seq', 'package_events_id_seq', 'rate_changes_id_seq', 'shipment_events_id_seq'])
    })

    it('an admin cannot truncate, lock exclusively, or move a sequence', async () => {
      const attempts = [
        `truncate public.packages`,
        `truncate public.package_events`,
        `lock table public.packages in access exclusive mode`,
        `lock table public.package_events in access exclusive mode`,
        `select setval('public.package_events_id_seq', 1)`,
        `select nextval('public.locker_code_seq')`,
      ]
      for (const sql of attempts) {
        expect(await db.attempt(admin, (query) => query(sql)), sql).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied/) })
      }
    })

    it('registrations and status changes still number their events without a sequence privilege', async () => {
      const op = randomUUID()
      await db.as(admin)(`select public.register_package($1, gen_random_uuid(), $2, gen_random_uuid(), 'recibido')`, [op, customer.sub])
      expect(await eventCount(op)).toBe(1)
    })

    it('a table or sequence created later by the migrations’ role gets the same: DML on tables, nothing on sequences', async () => {
      const outcome = await db.attempt('owner', async (query) => {
        await query(`create table public.integrity_probe (id bigint generated always as identity primary key, note text)`)
        await query(`create sequence public.integrity_probe_seq`)
        return query(
          `select r.role,
             array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
                   where has_table_privilege(r.role, 'public.integrity_probe', p)) as table,
             array(select p from unnest(array['USAGE', 'SELECT', 'UPDATE']) p
                   where has_sequence_privilege(r.role, 'public.integrity_probe_seq', p)) as sequence
           from unnest(array['anon', 'authenticated']) as r (role) order by 1`,
        )
      })
      const dml = ['SELECT', 'INSERT', 'UPDATE', 'DELETE']
      expect(outcome).toEqual({
        ok: true,
        value: [
          { role: 'anon', table: dml, sequence: [] },
          { role: 'authenticated', table: dml, sequence: [] },
        ],
      })
    })
  })
})
