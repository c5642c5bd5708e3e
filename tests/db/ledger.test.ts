// The ledger (supabase/schemas/96_money.sql) on PGlite and PostgreSQL 15: for any sequence of postings
// and replays (in turn), each line's balance is the previous one plus its amount, a replay posts nothing, and the
// balance row equals the last line; lines are never changed, deleted or truncated, by anyone; customers
// read only their own and nobody writes; a shipment ships only once paid, and a payment over what was
// owed is a credit a later charge uses. Storage fees: storage-fees.test.ts; concurrent postings:
// ledger-concurrency.test.ts; the pulls, receivables and report months: ledger-reads.test.ts.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Caller, createApiUser, engines, type Engine } from './engines.ts'

type Claims = Exclude<Caller, null | 'owner'> & { sub: string }
const service = { role: 'service_role' } as Claims

interface Line {
  kind: string
  amount_cents: string
  balance_after_cents: string
  idempotency_key: string
}

/** A posting as its caller makes it, with the key a replay repeats. */
type Posting =
  | { kind: 'payment'; key: string; cents: number }
  | { kind: 'card'; key: string; cents: number }
  | { kind: 'credit'; key: string; cents: number }
  | { kind: 'adjustment'; key: string; cents: number }
  | { kind: 'refund'; key: string; cents: number }

const requestSql = `select public.request_shipment($1, $2, $3::uuid[], 'standard', '{"insurance": false}'::jsonb,
  '[{"description": "Shoes", "quantity": 1, "unit_value_usd": 50}]'::jsonb,
  '{"name": "Cliente Demo", "address": "Av. Francisco de Miranda 4", "city": "Caracas", "postal_code": "1060",
    "country": "Venezuela", "phone": "+58 412 555 0142", "id_number": "V-18.456.789"}'::jsonb)`
/** An admin's step, from the shipment's version as it is now. */
const advanceSql = `select public.advance_shipment($1, $2, $3, (select s.version from public.shipments s where s.id = $2), null, $4::jsonb)`
const box = JSON.stringify({ weight_kg: 3.5, length_cm: 40, width_cm: 30, height_cm: 20 })
const dispatch = JSON.stringify({ carrier: 'DHL Express', tracking: 'JD0146000012345' })

const postingArb: fc.Arbitrary<Posting> = fc.record({
  kind: fc.constantFrom('payment', 'card', 'credit', 'adjustment', 'refund'),
  key: fc.uuid(),
  cents: fc.integer({ min: 1, max: 50_000 }),
}) as fc.Arbitrary<Posting>

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: Claims

  beforeAll(async () => {
    db = await open()
    admin = (await createApiUser(db, true)) as Claims
  }, 120_000)

  afterAll(async () => {
    await db?.close()
  })

  const lines = (userId: string) =>
    db.owner<Line>(`select kind, amount_cents::text, balance_after_cents::text, idempotency_key from public.account_entries where user_id = $1 order by created_at, id`, [userId])
  const balance = async (userId: string) =>
    (await db.owner<{ balance_cents: string; entries: string }>(`select balance_cents::text, entries::text from public.account_balances where user_id = $1`, [userId]))[0]

  /** Posts as its caller would; a refund returns part of the customer's first desk payment, when there is one with enough left. */
  async function post(userId: string, posting: Posting): Promise<void> {
    const { kind, key, cents } = posting
    if (kind === 'payment') await db.as(admin)(`select public.record_payment($1, $2, $3, 'cash', 'desk')`, [key, userId, cents])
    else if (kind === 'card') await db.as(service)(`select public.post_card_payment($1, $2, $3, $4)`, [`checkout:${key}`, userId, cents, `pi_${key}`])
    else if (kind === 'credit') await db.as(admin)(`select public.grant_credit($1, $2, $3, 'Goodwill')`, [key, userId, cents])
    else if (kind === 'adjustment') await db.as(admin)(`select public.post_adjustment($1, $2, $3, 'Correction')`, [key, userId, cents % 2 === 0 ? cents : -cents])
    else {
      const [payment] = await db.owner<{ id: string; left: string }>(
        `select e.id, public.payment_refundable_cents(e)::text as left from public.account_entries e
         where e.user_id = $1 and e.kind = 'payment' and e.method = 'cash' order by e.created_at limit 1`,
        [userId],
      )
      if (payment && Number(payment.left) >= cents) await db.as(admin)(`select public.refund_payment($1, $2, $3, 'Returned')`, [key, payment.id, cents])
    }
  }

  it('for any sequence of postings and replays, each line is the previous balance plus its amount, replays post nothing, and the balance is the last line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(postingArb, { minLength: 1, maxLength: 12, selector: (posting) => posting.key }), fc.array(fc.nat(), { maxLength: 6 }), async (postings, replays) => {
        const customer = await createApiUser(db)
        // Keys of this run only: fast-check draws small uuids often, and a key another run used is another customer's posting (op_reused).
        const mine = postings.map((posting) => ({ ...posting, key: randomUUID() }))
        const sent = [...mine, ...replays.map((n) => mine[n % mine.length]!)]
        // One after another: the engines' helpers hold one connection each (concurrent postings: ledger-concurrency.test.ts).
        for (const posting of sent) await post(customer.sub, posting)

        const posted = await lines(customer.sub)
        expect(new Set(posted.map((line) => line.idempotency_key)).size).toBe(posted.length)
        let running = 0
        for (const line of posted) {
          running += Number(line.amount_cents)
          expect(Number(line.balance_after_cents)).toBe(running)
        }
        // A customer's balance row comes with their first line (a run of refunds with no desk payment to refund posts none).
        const row = await balance(customer.sub)
        expect(row).toEqual(posted.length === 0 ? undefined : { balance_cents: String(running), entries: String(posted.length) })
      }),
      { numRuns: 8, endOnFailure: true },
    )
  }, 240_000)

  it('nobody changes, deletes or truncates a line, the service role and the owner included; nobody writes through the API', async () => {
    const customer = (await createApiUser(db)) as Claims
    await db.as(admin)(`select public.grant_credit($1, $2, 500, 'Welcome')`, [randomUUID(), customer.sub])
    for (const caller of ['owner', service, admin, customer] as Caller[]) {
      for (const sql of [`update public.account_entries set amount_cents = 1`, `delete from public.account_entries`, `truncate public.account_entries cascade`]) {
        const outcome = await db.attempt(caller, (query) => query(sql))
        expect(outcome, `${JSON.stringify(caller)} ${sql}`).toMatchObject({ ok: false, code: '42501' })
      }
    }
    for (const caller of [admin, customer, service]) {
      const insert = await db.attempt(caller, (query) =>
        query(`insert into public.account_entries (user_id, kind, amount_cents, balance_after_cents, idempotency_key) values ($1, 'credit', -1, -1, 'forged')`, [customer.sub]),
      )
      expect(insert).toMatchObject({ ok: false, code: '42501' })
      const post = await db.attempt(caller, (query) => query(`select public.post_account_entry('forged', $1, 'credit', -1)`, [customer.sub]))
      expect(post).toMatchObject({ ok: false, code: '42501' })
    }
    expect(await db.attempt(customer, (query) => query(`select public.post_card_payment('checkout:x', $1, 100, 'pi_x')`, [customer.sub]))).toMatchObject({ ok: false, code: '42501' })
    expect(await db.attempt(customer, (query) => query(`select public.record_payment($1, $2, 100, 'cash', null)`, [randomUUID(), customer.sub]))).toMatchObject({ ok: false, code: '42501' })
  })

  it('a customer reads only their own lines and balance; an admin reads everyone’s', async () => {
    const [mine, theirs] = [(await createApiUser(db)) as Claims, (await createApiUser(db)) as Claims]
    for (const user of [mine, theirs]) await db.as(admin)(`select public.grant_credit($1, $2, 300, 'Welcome')`, [randomUUID(), user.sub])
    const seen = await db.as(mine)<{ user_id: string }>(`select user_id from public.account_entries union all select user_id from public.account_balances`)
    expect(new Set(seen.map((row) => row.user_id))).toEqual(new Set([mine.sub]))
    const pulled = (await db.as(mine)<{ r: { entries: { user_id: string }[] } }>(`select public.pull_account_entries(null) as r`))[0]!.r
    expect(pulled.entries.map((entry) => entry.user_id)).toEqual([mine.sub])
    expect(await db.attempt(mine, (query) => query(`select public.pull_account_entries(null, 500, $1)`, [theirs.sub]))).toMatchObject({ ok: false, code: '42501' })
    const asAdmin = (await db.as(admin)<{ r: { entries: { user_id: string }[] } }>(`select public.pull_account_entries(null, 500, $1) as r`, [theirs.sub]))[0]!.r
    expect(asAdmin.entries.map((entry) => entry.user_id)).toEqual([theirs.sub])
  })

  /** A shipment of a fresh package, weighed and approved by its customer at the charge they saw; that charge. */
  async function approvedShipment(customer: Claims): Promise<{ id: string; finalCents: number }> {
    const [pkg] = await db.owner<{ id: string }>(
      `insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3) values ($1, $2, 'recibido', 1.5, 0.01) returning id`,
      [customer.sub, `PAY-${randomUUID().slice(0, 13)}`],
    )
    const id = randomUUID()
    await db.as(customer)(requestSql, [randomUUID(), id, `{${pkg!.id}}`])
    await db.as(admin)(advanceSql, [randomUUID(), id, 'processing', '{}'])
    await db.as(admin)(advanceSql, [randomUUID(), id, 'awaiting_approval', box])
    const [{ final_cents }] = (await db.owner<{ final_cents: string }>(`select final_cents::text from public.shipments where id = $1`, [id])) as [{ final_cents: string }]
    await db.as(customer)(`select public.approve_shipment($1, $2, $3)`, [randomUUID(), id, final_cents])
    return { id, finalCents: Number(final_cents) }
  }

  it('nothing ships while its customer owes; once paid it ships, and what was paid over is a credit a later charge uses', async () => {
    const customer = (await createApiUser(db)) as Claims
    const first = await approvedShipment(customer)
    expect(first.finalCents).toBeGreaterThan(0)
    const ship = (id: string) => db.attempt(admin, (query) => query(advanceSql, [randomUUID(), id, 'shipped', dispatch]))
    expect(await ship(first.id)).toMatchObject({ ok: false, code: '22023', message: `the customer owes ${first.finalCents} cents: a shipment ships once its account is paid` })

    const credit = 20_000
    await db.as(admin)(`select public.record_payment($1, $2, $3, 'zelle', 'ZL-1')`, [randomUUID(), customer.sub, first.finalCents + credit])
    await db.as(admin)(advanceSql, [randomUUID(), first.id, 'shipped', dispatch])
    expect(await balance(customer.sub)).toEqual({ balance_cents: String(-credit), entries: '2' })

    // The next charge takes from the credit: still nothing owed, so it ships without a payment.
    const second = await approvedShipment(customer)
    expect(second.finalCents).toBeLessThan(credit)
    expect((await lines(customer.sub)).at(-1)).toMatchObject({ kind: 'shipment_charge', amount_cents: String(second.finalCents), balance_after_cents: String(second.finalCents - credit) })
    await db.as(admin)(advanceSql, [randomUUID(), second.id, 'shipped', dispatch])
    const [shipped] = await db.owner<{ status: string }>(`select status from public.shipments where id = $1`, [second.id])
    expect(shipped).toEqual({ status: 'shipped' })
  })

  it('a refund never returns more than is left of a desk payment; a card payment is refunded through Stripe', async () => {
    const customer = await createApiUser(db)
    const cash = (await db.as(admin)<{ r: { id: string } }>(`select public.record_payment($1, $2, 1000, 'cash', null) as r`, [randomUUID(), customer.sub]))[0]!.r
    await db.as(admin)(`select public.refund_payment($1, $2, 600, 'Part')`, [randomUUID(), cash.id])
    expect(await db.attempt(admin, (query) => query(`select public.refund_payment($1, $2, 401, 'Too much')`, [randomUUID(), cash.id]))).toMatchObject({
      ok: false,
      message: 'at most 400 cents of this payment are left to refund',
    })
    const card = (await db.as(service)<{ r: { id: string } }>(`select public.post_card_payment('checkout:' || $1, $2, 500, 'pi_' || $1) as r`, [randomUUID(), customer.sub]))[0]!.r
    expect(await db.attempt(admin, (query) => query(`select public.refund_payment($1, $2, 100, 'Card')`, [randomUUID(), card.id]))).toMatchObject({
      ok: false,
      message: 'a card payment is refunded through Stripe',
    })
  })
})
