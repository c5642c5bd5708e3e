import 'fake-indexeddb/auto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { clientLosingAnswers } from '../support/lossy-client'
import { readStatement } from '@/local-db/account'
import { db } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { queueAccountPosting } from '@/outbox/queue-account'
import type { Supabase } from '@/remote/client'
import { accountBalanceStream, accountEntryStream, pullStream, rpcPullSource } from '@/sync-engine/pull'
import { flushOutbox } from '@/sync-engine/push'

// An admin's postings on a customer's account through the outbox, against a running stand-in: shown
// pending at once, posted once however often they are sent, and the customer's copy agrees.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customer: SupabaseClient
let customerId: string
let owner: DeviceOwner

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  ;({ id: customerId, client: customer } = await signedUpCustomer(standIn.url, `account-${crypto.randomUUID().slice(0, 6)}`, 'Account Test'))
  await clearLocalData()
  owner = await takeOwnership(adminId, 'admin')
})

const flush = (client: SupabaseClient = admin) => flushOutbox(client as unknown as Supabase, owner, { force: true })
const pull = (client: SupabaseClient, stream: ReturnType<typeof accountEntryStream> | typeof accountBalanceStream) =>
  pullStream(stream as never, rpcPullSource(client as unknown as Supabase, stream as never), owner)

async function linesOnServer() {
  const { data, error } = await admin.from('account_entries').select('kind, amount_cents, balance_after_cents, method, reference, reason').eq('user_id', customerId).order('created_at')
  if (error) throw new Error(error.message)
  return data
}

it('a cash payment recorded offline shows pending at once, and lands once though its first answer was lost', async () => {
  await queueAccountPosting(adminId, customerId, 5000, { kind: 'post-adjustment', reason: 'Shipment charged by phone' })
  await queueAccountPosting(adminId, customerId, 2000, { kind: 'record-payment', method: 'cash', reference: 'Caja 1' })
  const pending = await readStatement(customerId)
  expect(pending.lines.map((line) => [line.kind, line.amount_cents, line.balance_after_cents, line.pending])).toEqual([
    ['adjustment', 5000, 5000, 'pending'],
    ['payment', -2000, 3000, 'pending'],
  ])
  expect(pending.balanceCents).toBe(3000)

  // The adjustment's answer is lost: the flush stops, and nothing is posted twice when it goes again.
  expect(await flushOutbox(clientLosingAnswers(standIn.url, 1) as unknown as Supabase, owner, { force: true })).toMatchObject({ sent: 0 })
  await flush()
  await flush()
  expect(await db.outbox.count()).toBe(0)
  expect(await linesOnServer()).toEqual([
    { kind: 'adjustment', amount_cents: 5000, balance_after_cents: 5000, method: null, reference: null, reason: 'Shipment charged by phone' },
    { kind: 'payment', amount_cents: -2000, balance_after_cents: 3000, method: 'cash', reference: 'Caja 1', reason: null },
  ])
  // The admin's device keeps the posted lines as the server answered, before any pull.
  const posted = await readStatement(customerId)
  expect(posted.lines.map((line) => [line.kind, line.balance_after_cents, line.pending])).toEqual([
    ['adjustment', 5000, undefined],
    ['payment', 3000, undefined],
  ])
  expect(posted.lines[1]!.receipt_number).toBeGreaterThan(0)

  // The admin's balances, and the customer's own copy, say the same.
  await pull(admin, accountBalanceStream)
  expect(await db.accountBalances.get(customerId)).toMatchObject({ balance_cents: 3000 })
  await clearLocalData()
  owner = await takeOwnership(customerId)
  await pull(customer, accountEntryStream())
  const own = await readStatement(customerId)
  expect(own.lines.map((line) => [line.kind, line.amount_cents, line.balance_after_cents])).toEqual([
    ['adjustment', 5000, 5000],
    ['payment', -2000, 3000],
  ])
  expect(own.balanceCents).toBe(3000)
})

it('a refund of more than is left of a desk payment is refused with its key, kept, and counts for nothing; a credit leaves the account in credit', async () => {
  await queueAccountPosting(adminId, customerId, 3000, { kind: 'record-payment', method: 'zelle', reference: 'ZL-77' })
  await flush()
  const payment = (await readStatement(customerId)).lines[0]!
  await queueAccountPosting(adminId, customerId, 3500, { kind: 'refund-payment', paymentId: payment.id, reason: 'Paid twice' })
  await queueAccountPosting(adminId, customerId, 1000, { kind: 'refund-payment', paymentId: payment.id, reason: 'Paid twice' })
  await flush()
  await flush()
  const [refused] = await db.outbox.toArray()
  expect(refused).toMatchObject({ state: 'failed', lastErrorKey: { hint: 'refund_exceeds_payment' } })
  // The refused refund holds the account's later postings back until the admin deals with it.
  expect(await linesOnServer()).toHaveLength(1)
  await db.outbox.delete(refused!.seq!)
  await flush()
  await queueAccountPosting(adminId, customerId, 500, { kind: 'grant-credit', reason: 'Sorry for the wait' })
  await flush()
  const statement = await readStatement(customerId)
  expect(statement.lines.map((line) => [line.kind, line.amount_cents, line.balance_after_cents])).toEqual([
    ['payment', -3000, -3000],
    ['refund', 1000, -2000],
    ['credit', -500, -2500],
  ])
  expect(statement.balanceCents).toBe(-2500)

  // An admin opening the customer pulls their lines under a checkpoint of the customer's own.
  await db.accountEntries.clear()
  await pull(admin, accountEntryStream(customerId))
  expect((await readStatement(customerId)).lines.map((line) => line.balance_after_cents)).toEqual([-3000, -2000, -2500])
  expect(await db.syncState.get(`account-entries:${customerId}`)).toMatchObject({ userId: adminId })
})
