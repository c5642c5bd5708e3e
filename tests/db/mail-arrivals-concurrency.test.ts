// On a real PostgreSQL 15 (PGlite has one connection, so its transactions never overlap): a busy
// morning at the desk, 10 connections registering 80 packages for 8 customers at once, mails each
// customer their arrivals in at most 2 mails (the first at once, the rest gathered), every package in
// exactly one of them.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Cluster, beginAs, startCluster } from './postgres-cluster.ts'

const CONNECTIONS = 10
const CUSTOMERS = 8
const PACKAGES_EACH = 10

let cluster: Cluster
let owner: pg.Client
const clients: pg.Client[] = []

beforeAll(async () => {
  cluster = await startCluster()
  owner = await cluster.connect()
  for (let i = 0; i < CONNECTIONS; i++) clients.push(await cluster.connect())
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

it(`${CUSTOMERS * PACKAGES_EACH} arrivals for ${CUSTOMERS} customers registered at once: at most 2 mails each, every package in one`, async () => {
  const admin = await createUser(true)
  const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => createUser()))
  const arrivals = customers.flatMap((customer) => Array.from({ length: PACKAGES_EACH }, (_, n) => ({ customer, tracking: `RUSH-${customer.slice(0, 8)}-${n}` })))
  // Interleaved so that each customer's arrivals are on several connections at the same time.
  await Promise.all(
    clients.map(async (client, c) => {
      for (const { customer, tracking } of arrivals.filter((_, i) => i % CONNECTIONS === c)) {
        await beginAs(client, { role: 'authenticated', sub: admin })
        await client.query(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 1, 0.01, null)`, [randomUUID(), randomUUID(), customer, randomUUID(), tracking])
        await client.query('commit')
      }
    }),
  )
  const { rows } = await owner.query<{ user_id: string; gathered: boolean; tracking: string[] }>(
    `select m.user_id, (m.payload ->> 'gathered')::boolean as gathered, array(select p ->> 'tracking_code' from jsonb_array_elements(m.payload -> 'packages') p) as tracking
     from public.mail_outbox m where m.user_id = any($1)`,
    [customers],
  )
  for (const customer of customers) {
    const mails = rows.filter((row) => row.user_id === customer)
    expect(mails.length).toBeGreaterThanOrEqual(1)
    expect(mails.length).toBeLessThanOrEqual(2)
    expect(mails.filter((mail) => !mail.gathered)).toHaveLength(1)
    const mailed = mails.flatMap((mail) => mail.tracking).sort()
    expect(mailed).toEqual(arrivals.filter((arrival) => arrival.customer === customer).map((arrival) => arrival.tracking).sort())
  }
}, 120_000)
