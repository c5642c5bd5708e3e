import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { clientLosingAnswers } from '../support/lossy-client'
import { buildRates } from '@/business-rules/rates'
import { decimal } from '@/business-rules/decimal'
import { priceShipment } from '@/business-rules/shipment-price'
import { packageWeights } from '@/business-rules/shipment-weights'
import { db, isShipmentOp, type ShipmentRequest } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import type { ShipmentRow } from '@/local-db/rows'
import { withPendingShipmentOps } from '@/local-db/shipment-overlay'
import { clearLocalData } from '@/local-db/wipe'
import { queueShipmentApproval, queueShipmentCancel, queueShipmentPackages, queueShipmentRequest, queueShipmentStep } from '@/outbox/queue-shipments'
import { discard, reapplyStep } from '@/outbox/resolve'
import { pullStream, rpcPullSource, shipmentStream } from '@/sync-engine/pull'
import { flushOutbox } from '@/sync-engine/push'

// Shipments through the outbox against a running stand-in: the customer's request (made offline,
// sent once even when the answer is lost), the admin's steps with their conflicts, the customer's
// approval, refusals kept with the server's words.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customer: SupabaseClient
let customerId: string

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
  ;({ id: customerId, client: customer } = await signedUpCustomer(standIn.url, 'shipments', 'Ship Test'))
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
})

/** Two packages waiting at the warehouse for the customer, as the admin registered them. */
async function waitingPackages() {
  const { data: locker } = await admin.from('lockers').select('code').eq('user_id', customerId).single()
  const rows = [
    { user_id: customerId, locker_code: locker!.code, tracking_code: `SHIP-${randomUUID().slice(0, 8)}`, status: 'recibido', weight_kg: 2.35, volume_m3: 0.012 },
    { user_id: customerId, locker_code: locker!.code, tracking_code: `SHIP-${randomUUID().slice(0, 8)}`, status: 'recibido', weight_kg: 1.1, volume_m3: 0.008 },
  ]
  const { data, error } = await admin.from('packages').insert(rows).select('id, weight_kg, volume_m3')
  if (error) throw new Error(error.message)
  return data as { id: string; weight_kg: number; volume_m3: number }[]
}

const request = (packageIds: string[], changes: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  package_ids: packageIds,
  service: 'express',
  options: { insurance: true, repack: false, remove_invoices: true, extra_protection: false },
  items: [{ description: 'Running shoes', quantity: 1, unit_value_usd: 100 }],
  address: { name: 'Ship Test', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1010', country: 'Venezuela', phone: '+58 412 000 0000', id_number: 'V-1' },
  ...changes,
})

const asCustomer = async () => takeOwnership(customerId)
const asAdmin = async () => takeOwnership(adminId)
const flush = async (client: SupabaseClient, owner: Awaited<ReturnType<typeof takeOwnership>>) => flushOutbox(client, owner, { force: true })
const onServer = async (id: string) => ((await admin.from('shipments').select('*').eq('id', id)).data ?? [])[0] as ShipmentRow | undefined
const shown = async (id: string) => withPendingShipmentOps(await db.shipments.toArray(), (await db.outbox.toArray()).filter(isShipmentOp)).find((shipment) => shipment.id === id)

describe('a customer’s request', () => {
  it('shows at once with the device’s estimate, is sent once, and the server’s estimate agrees', async () => {
    const packages = await waitingPackages()
    const owner = await asCustomer()
    const estimate = priceShipment(buildRates, { plan: 'basic', ...packageWeights(buildRates, packages), service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 2 })
    const id = await queueShipmentRequest(customerId, request(packages.map((pkg) => pkg.id)), estimate)
    expect(await shown(id)).toMatchObject({ status: 'requested', version: 0, pendingOps: 1, estimate_cents: 6691, declared_total_cents: 10_000 })

    // The first answer is lost: the replay finds the shipment already made, and makes no second one.
    expect(await flush(clientLosingAnswers(standIn.url, 1), owner)).toMatchObject({ sent: 0 })
    await flush(customer, owner)
    const server = await onServer(id)
    expect(server).toMatchObject({ status: 'requested', estimate_cents: estimate.total_cents, estimate })
    expect(await db.outbox.count()).toBe(0)
    expect(await shown(id)).toMatchObject({ status: 'requested', version: server!.version, pendingOps: 0 })
    const { count } = await admin.from('shipments').select('id', { count: 'exact', head: true }).eq('user_id', customerId)
    expect(count).toBeGreaterThanOrEqual(1)
    expect((await admin.from('packages').select('shipment_id').in('id', packages.map((pkg) => pkg.id))).data).toEqual([{ shipment_id: id }, { shipment_id: id }])
  })

  it('queues the estimate the server makes, to the cent: $30.00 insured at 1.15 % is 35 ¢ on both', async () => {
    const setInsurance = async (percent: number) => {
      const { error } = await admin.rpc('set_rates', { p_changes: { insurance_percent: percent } })
      if (error) throw new Error(error.message)
    }
    const packages = await waitingPackages()
    const owner = await asCustomer()
    const rates = { ...buildRates, insurance_percent: 1.15 }
    await setInsurance(1.15)
    try {
      const estimate = priceShipment(rates, { plan: 'basic', ...packageWeights(rates, packages), service: 'standard', insurance: true, declaredTotalCents: 3000, packageCount: 2 })
      expect(estimate.insurance_cents).toBe(35)
      const id = await queueShipmentRequest(customerId, request(packages.map((pkg) => pkg.id), { service: 'standard', items: [{ description: 'Case', quantity: 1, unit_value_usd: 30 }] }), estimate)
      await flush(customer, owner)
      expect(await onServer(id)).toMatchObject({ estimate_cents: estimate.total_cents, estimate })
    } finally {
      await setInsurance(buildRates.insurance_percent)
    }
  })

  it('refused (a package already in another shipment): kept with the server’s words, and discarding it leaves nothing', async () => {
    const packages = await waitingPackages()
    const owner = await asCustomer()
    const first = await queueShipmentRequest(customerId, request([packages[0]!.id]), priceShipment(buildRates, { plan: 'basic', actualLb: decimal(5), volumetricLb: decimal(0), service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 1 }))
    const second = await queueShipmentRequest(customerId, request([packages[0]!.id, packages[1]!.id]), priceShipment(buildRates, { plan: 'basic', actualLb: decimal(8), volumetricLb: decimal(0), service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 2 }))
    await flush(customer, owner)
    expect(await onServer(first)).toMatchObject({ status: 'requested' })
    const refused = await shown(second)
    expect(refused?.refused).toMatchObject({ state: 'failed', lastError: expect.stringContaining('is already in a shipment'), lastErrorKey: { code: '22023', hint: 'package_in_shipment' } })
    await discard(refused!.refused!)
    expect(await shown(second)).toBeUndefined()
    expect(await onServer(second)).toBeUndefined()
  })

  it('cancelled while requested: the packages are free again', async () => {
    const packages = await waitingPackages()
    const owner = await asCustomer()
    const id = await queueShipmentRequest(customerId, request(packages.map((pkg) => pkg.id), { service: 'standard' }), priceShipment(buildRates, { plan: 'basic', actualLb: decimal(8), volumetricLb: decimal(0), service: 'standard', insurance: true, declaredTotalCents: 10_000, packageCount: 2 }))
    await queueShipmentCancel(customerId, id)
    expect(await shown(id)).toMatchObject({ status: 'cancelled', pendingOps: 2 })
    await flush(customer, owner)
    expect(await onServer(id)).toMatchObject({ status: 'cancelled' })
    expect((await admin.from('packages').select('shipment_id').in('id', packages.map((pkg) => pkg.id))).data).toEqual([{ shipment_id: null }, { shipment_id: null }])
  })

  it('changes its packages while requested: shown at once, sent once even when the answer is lost, the estimate priced again', async () => {
    const [kept, removed] = await waitingPackages()
    const [added] = await waitingPackages()
    const owner = await asCustomer()
    const id = await queueShipmentRequest(customerId, request([kept!.id, removed!.id]), priceShipment(buildRates, { plan: 'basic', actualLb: decimal(8), volumetricLb: decimal(0), service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 2 }))
    await flush(customer, owner)
    const before = await onServer(id)
    await queueShipmentPackages(customerId, id, [kept!.id, added!.id])
    expect(await shown(id)).toMatchObject({ package_ids: [kept!.id, added!.id].sort(), pendingOps: 1 })

    expect(await flush(clientLosingAnswers(standIn.url, 1), owner)).toMatchObject({ sent: 0 })
    await flush(customer, owner)
    expect(await db.outbox.count()).toBe(0)
    const after = await onServer(id)
    expect(after!.version).toBe(before!.version + 1)
    const weights = packageWeights(buildRates, [kept!, added!])
    expect(after!.estimate).toEqual(priceShipment(buildRates, { plan: 'basic', ...weights, service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 2 }))
    expect((await admin.from('packages').select('id, shipment_id').in('id', [kept!.id, removed!.id, added!.id]).order('id')).data).toEqual(
      [
        { id: kept!.id, shipment_id: id },
        { id: removed!.id, shipment_id: null },
        { id: added!.id, shipment_id: id },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    )
  })
})

describe('the warehouse’s steps and the customer’s approval', () => {
  async function requested() {
    const packages = await waitingPackages()
    const owner = await asCustomer()
    const id = await queueShipmentRequest(customerId, request(packages.map((pkg) => pkg.id)), priceShipment(buildRates, { plan: 'basic', actualLb: decimal(8), volumetricLb: decimal(0), service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 2 }))
    await flush(customer, owner)
    await clearLocalData()
    const adminOwner = await asAdmin()
    await pullStream(shipmentStream, rpcPullSource(admin, shipmentStream), adminOwner)
    return { id, packages, adminOwner }
  }

  it('processing, then the weighed box: steps queued one after another each build on the last; the customer approves the final charge', async () => {
    const { id, packages, adminOwner } = await requested()
    await queueShipmentStep(adminId, id, 'processing', null)
    await queueShipmentStep(adminId, id, 'awaiting_approval', { weight_kg: 3.6, length_cm: 40, width_cm: 30, height_cm: 20 })
    expect(await shown(id)).toMatchObject({ status: 'awaiting_approval', pendingOps: 2 })
    await flush(admin, adminOwner)
    const weighed = await onServer(id)
    // 3.6 kg = 7.94 lb; 24,000 cm³ / 5000 = 4.8 kg = 10.58 lb: 11 lb at $4.99, plus express, insurance and consolidation.
    expect(weighed).toMatchObject({ status: 'awaiting_approval', final_cents: 11 * 499 + 1500 + 200 + 500 })
    expect((await admin.from('packages').select('status').in('id', packages.map((pkg) => pkg.id))).data).toEqual([{ status: 'consolidacion' }, { status: 'consolidacion' }])
    expect(await db.outbox.count()).toBe(0)

    await clearLocalData()
    const owner = await asCustomer()
    await pullStream(shipmentStream, rpcPullSource(customer, shipmentStream), owner)
    await queueShipmentApproval(customerId, id, (await db.shipments.get(id))!.final_cents)
    await flush(customer, owner)
    expect(await onServer(id)).toMatchObject({ status: 'approved' })
  })

  it('a box weighed wrong is weighed again with a reason; the customer reads it, sees both charges and approves the new one', async () => {
    const { id, adminOwner } = await requested()
    await queueShipmentStep(adminId, id, 'processing', null)
    await queueShipmentStep(adminId, id, 'awaiting_approval', { weight_kg: 3.6, length_cm: 40, width_cm: 30, height_cm: 20 })
    await queueShipmentStep(adminId, id, 'processing', { reason: 'The scale was off' })
    await queueShipmentStep(adminId, id, 'awaiting_approval', { weight_kg: 9, length_cm: 40, width_cm: 30, height_cm: 20 })
    await flush(admin, adminOwner)
    expect(await db.outbox.count()).toBe(0)

    await clearLocalData()
    const owner = await asCustomer()
    await pullStream(shipmentStream, rpcPullSource(customer, shipmentStream), owner)
    const pulled = await db.shipments.get(id)
    // 9 kg = 19.84 lb: 20 lb at $4.99; the first box priced 11 lb.
    expect(pulled!.final_cents).toBe(20 * 499 + 1500 + 200 + 500)
    expect(pulled!.events.map(({ status, final_cents, reason }) => [status, final_cents, reason])).toEqual([
      ['requested', null, null],
      ['processing', null, null],
      ['awaiting_approval', 11 * 499 + 1500 + 200 + 500, null],
      ['processing', null, 'The scale was off'],
      ['awaiting_approval', 20 * 499 + 1500 + 200 + 500, null],
    ])
    await queueShipmentApproval(customerId, id, pulled!.final_cents)
    await flush(customer, owner)
    expect(await onServer(id)).toMatchObject({ status: 'approved', final_cents: 20 * 499 + 1500 + 200 + 500 })
  })

  it('an approval of a charge weighed again meanwhile is refused as changed, says the new charge, and the next pull shows it', async () => {
    const { id, adminOwner } = await requested()
    await queueShipmentStep(adminId, id, 'processing', null)
    await queueShipmentStep(adminId, id, 'awaiting_approval', { weight_kg: 3.6, length_cm: 40, width_cm: 30, height_cm: 20 })
    await flush(admin, adminOwner)

    await clearLocalData()
    const owner = await asCustomer()
    await pullStream(shipmentStream, rpcPullSource(customer, shipmentStream), owner)
    const seen = (await db.shipments.get(id))!.final_cents
    // Approved offline at the first charge, while the warehouse weighs the box again.
    await queueShipmentApproval(customerId, id, seen)
    const weighed = (await onServer(id))!
    const reweigh = { p_op_id: randomUUID(), p_shipment_id: id, p_status: 'processing', p_changed_at: new Date().toISOString(), p_details: { reason: 'The scale was off' } }
    expect((await admin.rpc('advance_shipment', { ...reweigh, p_base_version: weighed.version })).error).toBeNull()
    const box = { weight_kg: 9, length_cm: 40, width_cm: 30, height_cm: 20 }
    const again = { p_op_id: randomUUID(), p_shipment_id: id, p_status: 'awaiting_approval', p_base_version: weighed.version + 1, p_changed_at: new Date().toISOString(), p_details: box }
    expect((await admin.rpc('advance_shipment', again)).error).toBeNull()

    await flush(customer, owner)
    const newCharge = 20 * 499 + 1500 + 200 + 500
    expect(await onServer(id)).toMatchObject({ status: 'awaiting_approval', final_cents: newCharge })
    expect((await shown(id))?.refused).toMatchObject({ state: 'failed', lastErrorKey: { hint: 'charge_changed', details: expect.stringContaining(String(newCharge)) } })
    await pullStream(shipmentStream, rpcPullSource(customer, shipmentStream), owner)
    expect(await shown(id)).toMatchObject({ status: 'awaiting_approval', final_cents: newCharge })
  })

  it('an approval queued before it carried the charge is refused as changed, never approving a charge unseen', async () => {
    const { id, adminOwner } = await requested()
    await queueShipmentStep(adminId, id, 'processing', null)
    await queueShipmentStep(adminId, id, 'awaiting_approval', { weight_kg: 3.6, length_cm: 40, width_cm: 30, height_cm: 20 })
    await flush(admin, adminOwner)
    await clearLocalData()
    const owner = await asCustomer()
    await queueShipmentApproval(customerId, id, null)
    const [queued] = await db.outbox.toArray()
    await db.outbox.put({ ...queued!, finalCents: undefined } as NonNullable<typeof queued>)
    await flush(customer, owner)
    expect(await onServer(id)).toMatchObject({ status: 'awaiting_approval' })
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'failed', lastErrorKey: { hint: 'charge_changed' } })
  })

  it('a step made on a version the shipment has left waits for the admin, who sees where the shipment is now', async () => {
    const { id, adminOwner } = await requested()
    // Another admin starts processing first.
    const server = await onServer(id)
    const { error } = await admin.rpc('advance_shipment', { p_op_id: randomUUID(), p_shipment_id: id, p_status: 'processing', p_base_version: server!.version, p_changed_at: new Date().toISOString(), p_details: {} })
    expect(error).toBeNull()
    await queueShipmentStep(adminId, id, 'processing', null)
    await flush(admin, adminOwner)
    const conflicted = await shown(id)
    expect(conflicted?.conflict).toMatchObject({ state: 'conflict', current: { status: 'processing' } })
    expect(conflicted?.status).toBe('processing')
    expect(await onServer(id)).toMatchObject({ status: 'processing' })
  })

  it('a superseded step taken again goes on the current version', async () => {
    const { id, adminOwner } = await requested()
    const server = await onServer(id)
    await admin.rpc('advance_shipment', { p_op_id: randomUUID(), p_shipment_id: id, p_status: 'processing', p_base_version: server!.version, p_changed_at: new Date().toISOString(), p_details: {} })
    await queueShipmentStep(adminId, id, 'cancelled', null)
    await flush(admin, adminOwner)
    const { conflict } = (await shown(id))!
    expect(conflict).not.toBeNull()
    await reapplyStep(conflict!)
    await flush(admin, adminOwner)
    expect(await onServer(id)).toMatchObject({ status: 'cancelled' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('a step that skips ahead is refused with the server’s words and kept', async () => {
    const { id, adminOwner } = await requested()
    await queueShipmentStep(adminId, id, 'shipped', { carrier: 'DHL', tracking: 'JD0001' })
    await flush(admin, adminOwner)
    expect((await shown(id))?.refused).toMatchObject({ state: 'failed', lastError: expect.stringContaining('cannot become shipped') })
    expect(await onServer(id)).toMatchObject({ status: 'requested' })
  })
})
