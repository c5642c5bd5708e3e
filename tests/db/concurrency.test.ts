import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { applySchema } from '../../supabase/local/database.ts'
import { type Cluster, beginAs, queryAs, startCluster, waitUntilBlocked } from './postgres-cluster.ts'

// Runs on a real PostgreSQL 15: overlapping transactions need real connections.

let cluster: Cluster
const clients: pg.Client[] = []
let owner: pg.Client
let customer: JwtClaims
let adminClaims: JwtClaims[]

async function connect(): Promise<pg.Client> {
  const client = await cluster.connect()
  clients.push(client)
  return client
}

async function createUser(admin = false): Promise<JwtClaims> {
  const id = randomUUID()
  await owner.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`,
    [id, `${id}@example.test`],
  )
  if (admin) await owner.query(`update public.profiles set role = 'admin' where id = $1`, [id])
  return { sub: id, role: 'authenticated' }
}

const insertPackage = async (client: pg.Client, userId: string) =>
  (await client.query<{ id: string }>(`insert into public.packages (user_id) values ($1) returning id`, [userId])).rows[0]!.id

interface Pull {
  packages: { id: string }[]
  checkpoint: string | null
  has_more: boolean
}

// A setup failure (typically: PostgreSQL 15 not installed) fails every test
// with its message instead of leaving them skipped.
let setupError: unknown

beforeAll(async () => {
  try {
    cluster = await startCluster()
    owner = await connect()
    customer = await createUser()
    adminClaims = [await createUser(true), await createUser(true)]
  } catch (error) {
    setupError = error
  }
}, 60_000)

beforeEach(() => {
  if (setupError) throw setupError
})

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => {})))
  await cluster?.stop()
})

describe('pull_packages with a late-committing transaction', () => {
  it('holds the checkpoint before an open transaction and then delivers every row exactly once', async () => {
    const puller = await connect()
    const pull = async (since: string | null) =>
      (await queryAs<{ result: Pull }>(puller, customer, 'select public.pull_packages($1, 100) as result', [since]))[0]!.result

    const early = await insertPackage(owner, customer.sub!)
    const slow = await connect()
    await slow.query('begin')
    const late = await insertPackage(slow, customer.sub!) // T1: written first (older xid), committed last
    const fast = await insertPackage(owner, customer.sub!) // T2: written and committed while T1 is open

    const first = await pull(null)
    expect(first.packages.map((p) => p.id)).toEqual([early])
    expect(first.has_more).toBe(false)
    const second = await pull(first.checkpoint)
    expect(second).toEqual({ packages: [], checkpoint: first.checkpoint, has_more: false })

    await slow.query('commit')
    const third = await pull(second.checkpoint)
    expect(third.packages.map((p) => p.id)).toEqual([late, fast])
    expect(await pull(third.checkpoint)).toEqual({ packages: [], checkpoint: third.checkpoint, has_more: false })

    const delivered = [first, second, third].flatMap((page) => page.packages.map((p) => p.id))
    expect(delivered).toEqual([early, late, fast])
  })

  it('delivers a transaction that took its xid after a committed one without waiting for it', async () => {
    const puller = await connect()
    const pull = async (since: string | null) =>
      (await queryAs<{ result: Pull }>(puller, customer, 'select public.pull_packages($1, 100) as result', [since]))[0]!.result
    const start = (await pull(null)).checkpoint

    const committed = await insertPackage(owner, customer.sub!)
    const open = await connect()
    await open.query('begin')
    const pending = await insertPackage(open, customer.sub!)

    const before = await pull(start)
    expect(before.packages.map((p) => p.id)).toEqual([committed])
    await open.query('commit')
    const after = await pull(before.checkpoint)
    expect(after.packages.map((p) => p.id)).toEqual([pending])
  })
})

describe('apply_package_status under concurrency', () => {
  type Result = { outcome: 'applied' | 'superseded'; package: { status: string; version: number } }
  const applySql = `select public.apply_package_status($1, $2, $3, now(), $4) as result`

  const eventsOf = async (packageId: string) =>
    (
      await owner.query<{ op_id: string; status: string; outcome: string }>(
        // offset 1 skips the event the insert itself recorded
        `select op_id, status, outcome from public.package_events where package_id = $1 order by recorded_at, id offset 1`,
        [packageId],
      )
    ).rows

  it('two admins changing the same version: the first applies, the second waits and is superseded', async () => {
    const packageId = await insertPackage(owner, customer.sub!)
    const [first, second] = [await connect(), await connect()]
    const [op1, op2] = [randomUUID(), randomUUID()]

    await beginAs(first, adminClaims[0]!)
    const firstResult = (await first.query<{ result: Result }>(applySql, [op1, packageId, 'transito', 1])).rows[0]!.result
    await beginAs(second, adminClaims[1]!)
    const secondCall = second.query<{ result: Result }>(applySql, [op2, packageId, 'aduana', 1])
    await waitUntilBlocked(owner, second, 'the package row lock')
    await first.query('commit')
    const secondResult = (await secondCall).rows[0]!.result
    await second.query('commit')

    expect(firstResult).toMatchObject({ outcome: 'applied', package: { status: 'transito', version: 2 } })
    expect(secondResult).toMatchObject({ outcome: 'superseded', package: { status: 'transito', version: 2 } })
    expect(await eventsOf(packageId)).toEqual([
      { op_id: op1, status: 'transito', outcome: 'applied' },
      { op_id: op2, status: 'aduana', outcome: 'superseded' },
    ])
  })

  it('a replay racing its original records one event and returns the same outcome to both', async () => {
    const packageId = await insertPackage(owner, customer.sub!)
    const [first, second] = [await connect(), await connect()]
    const op = randomUUID()

    await beginAs(first, adminClaims[0]!)
    const firstResult = (await first.query<{ result: Result }>(applySql, [op, packageId, 'disponible', 1])).rows[0]!.result
    await beginAs(second, adminClaims[0]!)
    const replay = second.query<{ result: Result }>(applySql, [op, packageId, 'disponible', 1])
    await waitUntilBlocked(owner, second, 'the package row lock')
    await first.query('commit')
    const replayResult = (await replay).rows[0]!.result
    await second.query('commit')

    expect(replayResult).toEqual(firstResult)
    expect(await eventsOf(packageId)).toEqual([{ op_id: op, status: 'disponible', outcome: 'applied' }])
  })

  it('many admins at once on one base version: exactly one applied, the rest superseded, all recorded', async () => {
    const packageId = await insertPackage(owner, customer.sub!)
    const racers = await Promise.all(Array.from({ length: 6 }, () => connect()))
    const results = await Promise.all(
      racers.map(async (client, i) => {
        const rows = await queryAs<{ result: Result }>(client, adminClaims[i % 2]!, applySql, [randomUUID(), packageId, 'entregado', 1])
        return rows[0]!.result.outcome
      }),
    )
    expect(results.filter((outcome) => outcome === 'applied')).toHaveLength(1)
    expect(results.filter((outcome) => outcome === 'superseded')).toHaveLength(5)
    const events = await eventsOf(packageId)
    expect(events.map((event) => event.outcome).sort()).toEqual(['applied', ...Array<string>(5).fill('superseded')])
    const { rows } = await owner.query<{ version: string }>(`select version from public.packages where id = $1`, [packageId])
    expect(rows[0]?.version).toBe('2')
  })
})

describe('register_package under concurrency', () => {
  type Registered = { outcome: 'applied' | 'replayed'; package: { id: string; events: { status: string }[] } }
  const registerSql = `select public.register_package($1, $2, $3, $4, 'recibido', 'TRK-race', 1.5) as result`

  const written = async (packageId: string, opId: string) => {
    const { rows } = await owner.query<{ packages: number; events: number; op_events: number }>(
      `select (select count(*)::int from public.packages where id = $1) as packages,
              (select count(*)::int from public.package_events where package_id = $1) as events,
              (select count(*)::int from public.package_events where op_id = $2) as op_events`,
      [packageId, opId],
    )
    return rows[0]
  }

  it('a replay racing its original waits for it, inserts nothing and returns the same package', async () => {
    const [first, second] = [await connect(), await connect()]
    const [op, packageId, token] = [randomUUID(), randomUUID(), randomUUID()]
    const params = [op, packageId, customer.sub, token]

    await beginAs(first, adminClaims[0]!)
    const firstResult = (await first.query<{ result: Registered }>(registerSql, params)).rows[0]!.result
    await beginAs(second, adminClaims[1]!)
    const replay = second.query<{ result: Registered }>(registerSql, params)
    await waitUntilBlocked(owner, second, "the first registration's uncommitted primary key")
    await first.query('commit')
    const replayResult = (await replay).rows[0]!.result
    await second.query('commit')

    expect(firstResult).toMatchObject({ outcome: 'applied', package: { id: packageId, events: [{ status: 'recibido' }] } })
    expect(replayResult).toEqual({ outcome: 'replayed', package: firstResult.package })
    expect(await written(packageId, op)).toEqual({ packages: 1, events: 1, op_events: 1 })
  })

  it('when the original rolls back, the waiting replay registers the package itself', async () => {
    const [first, second] = [await connect(), await connect()]
    const [op, packageId, token] = [randomUUID(), randomUUID(), randomUUID()]
    const params = [op, packageId, customer.sub, token]

    await beginAs(first, adminClaims[0]!)
    await first.query(registerSql, params)
    await beginAs(second, adminClaims[1]!)
    const replay = second.query<{ result: Registered }>(registerSql, params)
    await waitUntilBlocked(owner, second, "the first registration's uncommitted primary key")
    await first.query('rollback')
    const replayResult = (await replay).rows[0]!.result
    await second.query('commit')

    expect(replayResult).toMatchObject({ outcome: 'applied', package: { id: packageId } })
    expect(await written(packageId, op)).toEqual({ packages: 1, events: 1, op_events: 1 })
  })

  it('many connections replaying one op at once: one package, one event, the same package for all', async () => {
    const [op, packageId, token] = [randomUUID(), randomUUID(), randomUUID()]
    const racers = await Promise.all(Array.from({ length: 6 }, () => connect()))
    const results = await Promise.all(
      racers.map(async (client, i) => {
        const rows = await queryAs<{ result: Registered }>(client, adminClaims[i % 2]!, registerSql, [op, packageId, customer.sub, token])
        return rows[0]!.result
      }),
    )
    expect(results.map((result) => result.outcome).sort()).toEqual(['applied', ...Array<string>(5).fill('replayed')])
    expect(new Set(results.map((result) => result.package.id))).toEqual(new Set([packageId]))
    expect(await written(packageId, op)).toEqual({ packages: 1, events: 1, op_events: 1 })
  })
})

describe('apply_package_statuses under concurrency', () => {
  type Result = { op_id: string; outcome?: string; error?: { code: string } }
  const batchSql = `select public.apply_package_statuses($1::jsonb) as results`

  it('two desks replaying the same batch at once record each change exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => insertPackage(owner, customer.sub!)))
    const changes = ids.map((id) => ({ op_id: randomUUID(), package_id: id, status: 'transito', changed_at: new Date().toISOString(), base_version: 1 }))
    const [first, second] = [await connect(), await connect()]
    const [a, b] = await Promise.all([
      queryAs<{ results: Result[] }>(first, adminClaims[0]!, batchSql, [JSON.stringify(changes)]),
      queryAs<{ results: Result[] }>(second, adminClaims[1]!, batchSql, [JSON.stringify(changes)]),
    ])
    for (const results of [a[0]!.results, b[0]!.results]) expect(results.map((result) => result.outcome)).toEqual(changes.map(() => 'applied'))
    const { rows } = await owner.query<{ n: number }>(`select count(*)::int as n from public.package_events where op_id = any($1::uuid[])`, [changes.map((change) => change.op_id)])
    expect(rows[0]!.n).toBe(changes.length)
    const versions = await owner.query<{ version: number }>(`select version::int as version from public.packages where id = any($1::uuid[])`, [ids])
    expect(versions.rows.map((row) => row.version)).toEqual(ids.map(() => 2))
  })
})

describe('an admin’s working-set pull with a late-committing transaction', () => {
  it('delivers a package that left the open set in a transaction committed late, once, after the rows committed before it', async () => {
    const admin = adminClaims[0]!
    const puller = await connect()
    const pull = async (since: string | null) =>
      (await queryAs<{ result: Pull }>(puller, admin, 'select public.pull_packages($1, 1000) as result', [since]))[0]!.result
    const pullToEnd = async (since: string | null) => {
      let page = await pull(since)
      const ids = page.packages.map((p) => p.id)
      while (page.has_more) {
        page = await pull(page.checkpoint)
        ids.push(...page.packages.map((p) => p.id))
      }
      return { ids, checkpoint: page.checkpoint }
    }
    const delivered = await insertPackage(owner, customer.sub!)
    const start = await pullToEnd(null)
    expect(start.ids).toContain(delivered)

    const slow = await connect()
    await slow.query('begin')
    await slow.query(`update public.packages set status = 'entregado' where id = $1`, [delivered]) // older xid, committed last
    const fast = await insertPackage(owner, customer.sub!)

    const before = await pullToEnd(start.checkpoint)
    expect(before.ids).toEqual([])
    await slow.query('commit')
    const after = await pullToEnd(before.checkpoint)
    expect(after.ids).toEqual([delivered, fast])
    expect((await pullToEnd(after.checkpoint)).ids).toEqual([])
  })
})

describe("an admin's directory with a late-committing transaction", () => {
  type Tuple = [string, string | null, string | null, string | null, string | null, ...unknown[]]
  type DirectoryPull = { customers: Tuple[]; removed: string[]; checkpoint: string | null; has_more: boolean }

  /** An admin's puller of the customer directory and the checkpoint at the current end of the stream. */
  async function adminPuller() {
    const puller = await connect()
    const pull = async (since: string | null) =>
      (await queryAs<{ result: DirectoryPull }>(puller, adminClaims[0]!, 'select public.pull_directory($1, 100) as result', [since]))[0]!.result
    let page = await pull(null)
    while (page.has_more) page = await pull(page.checkpoint)
    return { pull, end: page.checkpoint }
  }

  it('holds the checkpoint before an open customer update and delivers it once it commits, never skipping it', async () => {
    const fast = await createUser()
    const { pull, end } = await adminPuller()

    const slow = await connect()
    await beginAs(slow, customer)
    await slow.query(`update public.profiles set phone = '+58 412 000 0001' where id = $1`, [customer.sub]) // older xid, committed last
    await owner.query(`update public.profiles set full_name = 'Fast' where id = $1`, [fast.sub]) // committed while the first is open

    const held = await pull(end)
    expect(held).toEqual({ customers: [], removed: [], checkpoint: end, has_more: false })

    await slow.query('commit')
    const delivered = await pull(held.checkpoint)
    expect(delivered.customers.map((tuple) => [tuple[0], tuple[4], tuple[3]])).toEqual([
      [customer.sub, '+58 412 000 0001', null],
      [fast.sub, null, 'Fast'],
    ])
    expect(await pull(delivered.checkpoint)).toEqual({ customers: [], removed: [], checkpoint: delivered.checkpoint, has_more: false })
  })

  it('delivers a deletion committed late as a removal', async () => {
    const leaving = await createUser()
    const { pull, end } = await adminPuller()

    const slow = await connect()
    await slow.query('begin')
    await slow.query(`delete from auth.users where id = $1`, [leaving.sub])
    const held = await pull(end)
    expect(held.removed).toEqual([])

    await slow.query('commit')
    const delivered = await pull(held.checkpoint)
    expect(delivered.removed).toEqual([leaving.sub])
  })
})

describe('“mark all as read” with a notification committed late', () => {
  const made = async (client: pg.Client, userId: string) =>
    (await client.query<{ id: string }>(`insert into public.notifications (user_id, kind, source) values ($1, 'storage_ending', $2) returning id`, [userId, `reminder:${randomUUID()}`])).rows[0]!

  it('marks what the device pulled, not one a slow job committed after the pull with an earlier created_at', async () => {
    const reader = await createUser()
    const puller = await connect()
    const slow = await connect()
    await slow.query('begin')
    await slow.query('select now()') // a reminder job under way: its rows are made at its start

    const shown = await made(owner, reader.sub!)
    const pulled = (await queryAs<{ result: { notifications: { id: string }[]; checkpoint: string } }>(puller, reader, 'select public.pull_notifications(null, 100) as result'))[0]!.result
    expect(pulled.notifications.map((n) => n.id)).toEqual([shown.id])

    const late = await made(slow, reader.sub!)
    await slow.query('commit')
    const { rows: order } = await owner.query<{ earlier: boolean }>(`select l.created_at < s.created_at as earlier from public.notifications l, public.notifications s where l.id = $1 and s.id = $2`, [late.id, shown.id])
    expect(order).toEqual([{ earlier: true }])

    const marked = await queryAs<{ result: { marked: number } }>(puller, reader, 'select public.mark_notifications_read_through($1, $2) as result', [randomUUID(), pulled.checkpoint])
    expect(marked[0]!.result).toEqual({ marked: 1 })
    const { rows } = await owner.query<{ id: string; read: boolean }>(`select id, read_at is not null as read from public.notifications where user_id = $1`, [reader.sub])
    expect(Object.fromEntries(rows.map((row) => [row.id, row.read]))).toEqual({ [shown.id]: true, [late.id]: false })
  })
})

describe('save_article under concurrency', () => {
  const draft = (slug: string) =>
    JSON.stringify({ category: 'events', author_name: 'Equipo', status: 'draft', published_at: null, read_time_minutes: 1, texts: { es: { slug, title: 'Título', excerpt: '', body_md: '', cover_alt: '' } } })
  const saveSql = 'select public.save_article($1, $2, $3, $4)'

  it('an article renamed while another takes its old slug keeps it: the later save waits, then is refused', async () => {
    const [renamer, taker] = [await connect(), await connect()]
    const [a, b] = [randomUUID(), randomUUID()]
    const [x, y] = [`antes-${a.slice(0, 8)}`, `despues-${a.slice(0, 8)}`]
    await queryAs(renamer, adminClaims[0]!, saveSql, [randomUUID(), a, 0, draft(x)])

    await beginAs(renamer, adminClaims[0]!)
    await renamer.query(saveSql, [randomUUID(), a, 1, draft(y)])
    await beginAs(taker, adminClaims[1]!)
    const taking = taker.query(saveSql, [randomUUID(), b, 0, draft(x)]).then(
      () => null,
      (error: { code?: string; hint?: string; detail?: string }) => ({ code: error.code, hint: error.hint, detail: error.detail }),
    )
    await waitUntilBlocked(owner, taker, 'the renamed text’s uncommitted slug')
    await renamer.query('commit')
    expect(await taking).toEqual({ code: '23505', hint: 'slug_taken', detail: 'es' })
    await taker.query('rollback')

    const { rows } = await owner.query(`select slug, article_id from public.article_slugs where slug in ($1, $2) order by slug`, [x, y])
    expect(rows).toEqual([
      { slug: x, article_id: a },
      { slug: y, article_id: a },
    ])
    expect((await owner.query(`select id from public.articles where id = $1`, [b])).rows).toEqual([])
  })
})

describe('the same SQL on PostgreSQL 15', () => {
  it('applySchema is idempotent: a second run re-applies the auth bootstrap and no migration', async () => {
    expect(await applySchema((sql) => owner.query(sql))).toEqual([])
  })

  it('seed.sql applies after the migrations, as `supabase db reset` would run it', async () => {
    await owner.query(await readFile(new URL('../../supabase/seed.sql', import.meta.url), 'utf8'))
    const { rows } = await owner.query<{ statuses: string[] }>(`
      select array_agg(p.status order by p.public_token) as statuses
      from public.packages p join public.profiles pr on pr.id = p.user_id
      where pr.email = 'cliente@example.com'`)
    expect(rows[0]?.statuses).toEqual(['recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado', 'recibido'])
  })
})
