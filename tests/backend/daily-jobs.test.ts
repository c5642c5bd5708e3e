import { afterAll, beforeAll, expect, it } from 'vitest'
import { scheduleDailyJobs } from '../../supabase/local/functions/daily-jobs.ts'
import { createUser, type Db, openEmptyDatabase } from '../db/helpers.ts'

// The stand-in's daily jobs, as pg_cron runs them on a hosted project: one scheduler runs the storage
// reminders and the storage fees, the first time as it starts.

let db: Db

beforeAll(async () => {
  db = await openEmptyDatabase()
}, 120_000)

afterAll(async () => {
  await db?.close()
})

it('at start, reminds of a package whose free storage has ended and posts its storage fees', async () => {
  const customer = await createUser(db, 'jobs')
  // Arrived 32 days ago (Basic: 30 free days), with the fee in place since before then.
  const { rows } = await db.query<{ id: string }>(`insert into public.packages (user_id, tracking_code, status) values ($1, 'JOBS-0001', 'recibido') returning id`, [customer.id])
  const packageId = rows[0]!.id
  await db.exec(`alter table public.packages disable trigger packages_stamp`)
  await db.query(`update public.packages set created_at = now() - interval '32 days' where id = $1`, [packageId])
  await db.exec(`alter table public.packages enable trigger packages_stamp`)
  await db.query(`update public.package_events set changed_at = now() - interval '32 days' where package_id = $1`, [packageId])
  await db.query(`update public.rate_changes set changed_at = now() - interval '60 days' where key = 'storage_fee_cents_per_day' and old_value = 0`)

  const lines: string[] = []
  const jobs = scheduleDailyJobs(db, (line) => lines.push(line))
  await jobs.close()

  expect(lines).toEqual([])
  const { rows: notified } = await db.query(`select kind from public.notifications where user_id = $1 and kind like 'storage%'`, [customer.id])
  expect(notified).toEqual([{ kind: 'storage_last_day' }])
  const { rows: fees } = await db.query<{ n: number }>(`select count(*)::int as n from public.account_entries where package_id = $1 and kind = 'storage_fee'`, [packageId])
  expect(fees[0]!.n).toBeGreaterThan(0)
})
