// On a real PostgreSQL 15 (PGlite has one connection, so its transactions never overlap): 50 postings
// for one customer, each on its own connection and all waiting at once on the customer's balance row,
// give 50 lines whose balances follow one another, and the balance row is the last line's.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Cluster, beginAs, startCluster } from './postgres-cluster.ts'

const POSTINGS = 50

let cluster: Cluster
let owner: pg.Client
const clients: pg.Client[] = []

beforeAll(async () => {
  cluster = await startCluster()
  owner = await cluster.connect()
  for (let i = 0; i < POSTINGS; i++) clients.push(await cluster.connect())
}, 120_000)

afterAll(async () => {
  await Promise.all([owner, ...clients].map((client) => client?.end()))
  await cluster?.stop()
})

async function createUser(admin = false): Promise<string> {
  const id = randomUUID()
  await owner.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`, [id, `${id}@example.test`])
  if (admin) await owner.query(`update public.profiles set role = 'admin' where id = $1`, [id])
  return id
}

/** Until `count` of these connections wait on a lock (a state, however slow the machine). */
async function untilWaiting(count: number): Promise<void> {
  const pids = clients.map((client) => (client as unknown as { processID: number }).processID)
  for (;;) {
    const { rows } = await owner.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where pid = any($1) and wait_event_type = 'Lock'`, [pids])
    if (rows[0]!.n >= count) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

it(`${POSTINGS} concurrent postings for one customer add ${POSTINGS} lines with consecutive balances`, async () => {
  const [admin, customer] = [await createUser(true), await createUser()]
  // Credits and adjustments are a manager's sensitive actions: a session confirmed with a code.
  const managerAtAal2 = { role: 'authenticated' as const, sub: admin, aal: 'aal2' }
  // The balance row exists (a first credit), and is held while every posting starts and queues on it.
  await beginAs(clients[0]!, managerAtAal2)
  await clients[0]!.query(`select public.grant_credit($1, $2, 1, 'First')`, [randomUUID(), customer])
  await clients[0]!.query('commit')
  const holder = await cluster.connect()
  try {
    await holder.query('begin')
    await holder.query(`select 1 from public.account_balances where user_id = $1 for update`, [customer])
    const amounts = clients.map((_, i) => 100 + i)
    const postings = clients.map(async (client, i) => {
      await beginAs(client, managerAtAal2)
      // Half record desk payments, half adjust upwards: lines of both signs.
      await (i % 2 === 0
        ? client.query(`select public.record_payment($1, $2, $3, 'cash', null)`, [randomUUID(), customer, amounts[i]])
        : client.query(`select public.post_adjustment($1, $2, $3, 'Concurrent')`, [randomUUID(), customer, amounts[i]]))
      await client.query('commit')
    })
    await untilWaiting(POSTINGS)
    await holder.query('commit')
    await Promise.all(postings)
  } finally {
    await holder.end()
  }

  const { rows: lines } = await owner.query<{ amount_cents: string; balance_after_cents: string }>(
    `select amount_cents::text, balance_after_cents::text from public.account_entries where user_id = $1 order by created_at, id`,
    [customer],
  )
  expect(lines).toHaveLength(POSTINGS + 1)
  let running = 0
  for (const line of lines) {
    running += Number(line.amount_cents)
    expect(Number(line.balance_after_cents)).toBe(running)
  }
  const { rows: balance } = await owner.query(`select balance_cents::text, entries::text from public.account_balances where user_id = $1`, [customer])
  expect(balance).toEqual([{ balance_cents: String(running), entries: String(POSTINGS + 1) }])
}, 120_000)
