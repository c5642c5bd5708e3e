import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role'
import { type Cluster, queryAs, startCluster } from '../db/postgres-cluster'
import { takeOwnership } from '@/local-db/owner'
import { readCustomerPackages } from '@/local-db/queries'
import type { PackageRow } from '@/local-db/rows'
import { packageStream, pullStream, type PullSource } from '@/sync-engine/pull'

// A transaction that commits after a later one must still reach the local copy. PGlite has one
// connection, so this runs the sync engine against a real PostgreSQL 15 with overlapping writers.

let cluster: Cluster
let owner: pg.Client
let early: pg.Client
let late: pg.Client
let reader: pg.Client
let customer: JwtClaims

beforeAll(async () => {
  cluster = await startCluster()
  ;[owner, early, late, reader] = await Promise.all([cluster.connect(), cluster.connect(), cluster.connect(), cluster.connect()])
  const id = randomUUID()
  await owner.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`, [id, `${id}@example.test`])
  customer = { sub: id, role: 'authenticated' }
}, 60_000)

afterAll(async () => {
  await Promise.all([owner, early, late, reader].map((client) => client?.end()))
  await cluster?.stop()
})

/** `pull_packages` as the customer, exactly as PostgREST would run it. */
const customerSource: PullSource<PackageRow> = async (since, limit) => {
  const [row] = await queryAs<{ page: { packages: PackageRow[]; checkpoint: string | null; has_more: boolean } }>(reader, customer, 'select public.pull_packages($1, $2) as page', [since, limit])
  const { packages, ...page } = row!.page
  return { rows: packages, ...page }
}

const pullPackages = async (source: PullSource<PackageRow>, userId: string) => pullStream(packageStream, source, await takeOwnership(userId))

const insert = (client: pg.Client, tracking: string) =>
  client.query(`insert into public.packages (user_id, tracking_code) values ($1, $2)`, [customer.sub, tracking])

it('delivers a late-committing package on the next pull instead of skipping it', async () => {
  await early.query('begin')
  await insert(early, 'STARTED-FIRST')
  await insert(late, 'COMMITTED-FIRST')

  await pullPackages(customerSource, customer.sub!)
  expect(await readCustomerPackages(customer.sub!, Infinity)).toEqual([])

  await early.query('commit')
  expect(await pullPackages(customerSource, customer.sub!)).toBe(2)
  const tracking = (await readCustomerPackages(customer.sub!, Infinity)).map((pkg) => pkg.tracking_code).sort()
  expect(tracking).toEqual(['COMMITTED-FIRST', 'STARTED-FIRST'])
  expect(await pullPackages(customerSource, customer.sub!)).toBe(0)
})
