import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { type Cluster, startCluster } from './postgres-cluster.ts'

// The paging the pulls share (20261124120000_pull_paging_helpers): pull_bounds, pull_pending
// and pull_checkpoint. On PGlite and PostgreSQL 15: they stay inlinable, the pulls' callers may
// execute them (the planner inlines a function only for a role that may), every pull pages with
// them, and malformed checkpoints fail as they did before. On PostgreSQL 15: the plan of each
// pull, as PostgREST runs it, has no call to them left.

type User = JwtClaims & { sub: string }

const helpers = ['pull_bounds', 'pull_checkpoint', 'pull_pending']
const pulls = ['pull_packages', 'pull_prealerts', 'pull_profiles']

/** The array of rows in a pull's page (`packages`, `profiles`, `prealerts`). */
const rowsOf = (page: Record<string, unknown>) => Object.values(page).find(Array.isArray) as { id: string }[]

describe.each(engines)('$engine', ({ engine, open }) => {
  let db: Engine
  let admin: User
  let customer: User
  let newcomer: User

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    newcomer = await createApiUser(db)
    await db.owner(`insert into public.packages (user_id) values ($1), ($1)`, [customer.sub])
    await db.owner(
      `insert into public.prealerts (user_id, tracking_code, store, description, declared_value_usd) values ($1, 'PULLHELPER1', 'Store', 'Thing', 10)`,
      [customer.sub],
    )
  })

  afterAll(async () => {
    await db?.close()
  })

  it('the helpers are inlinable: SQL, not STRICT, not SECURITY DEFINER, no SET clause, STABLE or IMMUTABLE', async () => {
    const rows = await db.owner(`
      select p.proname as name, l.lanname as language, p.proisstrict as strict, p.prosecdef as definer,
        p.proconfig as config, p.provolatile as volatility, p.proretset as returns_set
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = 'public' and p.proname = any($1)
      order by p.proname`, [helpers])
    const inlinable = { language: 'sql', strict: false, definer: false, config: null }
    expect(rows).toEqual([
      { name: 'pull_bounds', ...inlinable, volatility: 's', returns_set: true },
      { name: 'pull_checkpoint', ...inlinable, volatility: 'i', returns_set: false },
      { name: 'pull_pending', ...inlinable, volatility: 'i', returns_set: false },
    ])
  })

  it('the roles that call the pulls may execute the helpers; anon and PUBLIC may not', async () => {
    const rows = await db.owner(`
      select p.proname as name,
        has_function_privilege('anon', p.oid, 'execute') as anon,
        has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
        has_function_privilege('service_role', p.oid, 'execute') as service_role,
        exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0) as public
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = any($1)
      order by p.proname`, [helpers])
    expect(rows).toEqual(helpers.map((name) => ({ name, anon: false, authenticated: true, service_role: true, public: false })))
  })

  it('every pull pages with the helpers, none with its own copy of the cursor or the horizon', async () => {
    const rows = await db.owner<{ name: string; body: string }>(`
      select p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname like 'pull\\_%' and p.proname <> all($1)
      order by p.proname`, [helpers])
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(pulls))
    for (const { name, body } of rows) {
      for (const helper of helpers) expect(body, name).toContain(`public.${helper}(`)
      expect(body, name).not.toMatch(/split_part|pg_current_snapshot|::xid8|\|\| ':'/)
    }
  })

  // What the pulls did with these checkpoints before the helpers. PostgreSQL 15's xid8 input
  // reads any text as a number (0 for "garbage"; later versions, PGlite's included, refuse it),
  // so there the uuid part is the first to fail.
  const malformed = (since: string, message: string | Record<string, string>) => ({
    since,
    expected: { ok: false, code: '22P02', message: typeof message === 'string' ? message : message[engine] },
  })
  const checkpoints = [
    malformed('garbage', { PGlite: 'invalid input syntax for type xid8: "garbage"', 'PostgreSQL 15': 'invalid input syntax for type uuid: ""' }),
    malformed('x:y', { PGlite: 'invalid input syntax for type xid8: "x"', 'PostgreSQL 15': 'invalid input syntax for type uuid: "y"' }),
    malformed('12', 'invalid input syntax for type uuid: ""'),
    malformed('12:nope', 'invalid input syntax for type uuid: "nope"'),
  ]

  describe.each(pulls)('%s', (pull) => {
    const page = async (caller: User, since: string | null) =>
      (await db.as(caller)<{ page: Record<string, unknown> }>(`select public.${pull}($1, 10) as page`, [since]))[0]!.page

    it.each(checkpoints)('refuses the checkpoint $since as before', async ({ since, expected }) => {
      for (const caller of [customer, admin]) {
        expect(await db.attempt(caller, (query) => query(`select public.${pull}($1, 10)`, [since]))).toEqual(expected)
      }
    })

    it('takes null and the empty string for a first pull, and gives an empty page the checkpoint it was sent', async () => {
      const first = await page(customer, null)
      expect(rowsOf(first).length).toBeGreaterThan(0)
      expect(await page(customer, '')).toEqual(first)
      const last = await page(customer, first.checkpoint as string)
      expect(last).toEqual({ [pull.replace('pull_', '')]: [], checkpoint: first.checkpoint, has_more: false })
      if (pull !== 'pull_profiles') {
        // A newcomer has no packages or prealerts (a profile, always).
        expect(await page(newcomer, null)).toMatchObject({ checkpoint: null, has_more: false })
        expect(await page(newcomer, '')).toMatchObject({ checkpoint: '', has_more: false })
      }
    })
  })
})

describe('PostgreSQL 15: the plans of the pulls', () => {
  let cluster: Cluster
  let client: pg.Client
  const notices: string[] = []
  let customer: User
  let setupError: unknown

  beforeAll(async () => {
    try {
      cluster = await startCluster()
      client = await cluster.connect()
      client.on('notice', (notice) => notices.push(notice.message ?? ''))
      const id = randomUUID()
      await client.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`, [
        id,
        `${id}@example.test`,
      ])
      customer = { sub: id, role: 'authenticated' }
      await client.query(`insert into public.packages (user_id) values ($1)`, [id])
      // auto_explain logs the plan of every statement, the pull's own included (it runs nested
      // in the caller's), as the client's notices.
      await client.query(`load 'auto_explain'`)
      for (const setting of ['log_min_duration = 0', 'log_nested_statements = on', 'log_verbose = on', 'log_format = json']) {
        await client.query(`set auto_explain.${setting}`)
      }
    } catch (error) {
      setupError = error
    }
  }, 60_000)

  beforeEach(() => {
    if (setupError) throw setupError
  })

  afterAll(async () => {
    await client?.end().catch(() => {})
    await cluster?.stop()
  })

  /** The plan of the pull's own query (not its text) as `claims` run it, as JSON text, after `before` (as the owner). */
  async function planOf(pull: string, claims: JwtClaims, before: string[] = []): Promise<string> {
    await client.query('begin')
    try {
      for (const sql of before) await client.query(sql)
      await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [claims.role, JSON.stringify(claims)])
      await client.query(`set local client_min_messages = log`)
      notices.length = 0
      await client.query(`select public.${pull}('', 10)`)
      const plans = notices.map((notice) => JSON.parse(notice.slice(notice.indexOf('{'))) as { 'Query Text': string; Plan: unknown })
      const own = plans.filter((plan) => plan['Query Text'].includes('with bounds as'))
      expect(own).toHaveLength(1)
      return JSON.stringify(own[0]!.Plan)
    } finally {
      await client.query('rollback')
    }
  }

  // pull_prealerts is not granted to service_role.
  const callers = (pull: string) => (pull === 'pull_prealerts' ? ['a customer'] : ['a customer', 'service_role'])
  const claimsOf = (caller: string): JwtClaims => (caller === 'service_role' ? { role: 'service_role' } : customer)

  describe.each(pulls)('%s', (pull) => {
    it.each(callers(pull))('as %s, has the helpers inlined (their expressions, no call to them) and starts its index scan at the checkpoint', async (caller) => {
      const plan = await planOf(pull, claimsOf(caller))
      expect(plan).not.toMatch(/pull_bounds|pull_pending|pull_checkpoint|Function Scan/)
      expect(plan).toContain('pg_snapshot_xmin(pg_current_snapshot())')
      expect(plan).toContain("(split_part($1, ':'::text, 1))::xid8")
      // The checkpoint is where the index scan starts, not a filter over every row before it.
      expect(plan).toMatch(/"Index Cond":"[^"]*ROW\(\w+\.change_xid, \w+\.id\) > ROW\(\$\d+, \$\d+\)/)
      expect(plan).toMatch(/\(\(\(\w+\.change_xid\)::text \|\| ':'::text\) \|\| \(\w+\.id\)::text\)/)
    })

    it('would show a helper that is not inlined (one with a SET clause, say)', async () => {
      const plan = await planOf(
        pull,
        customer,
        helpers.map((helper) => `alter function public.${helper} set search_path = ''`),
      )
      expect(plan).toContain('"Node Type":"Function Scan"')
      for (const helper of helpers) expect(plan).toContain(`public.${helper}(`)
    })
  })
})
