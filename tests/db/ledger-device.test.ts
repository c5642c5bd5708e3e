// The device's figures equal the database's (issue 46), on PGlite and PostgreSQL 15: for any
// sequence of postings, the lines a customer pulls, laid out as the statement lays them
// (src/local-db/account-lines.ts), end at the balance the database keeps, each line's balance is
// the one before plus its amount, and what the statement says is unpaid of each line is what the
// receivables count (account_unpaid_debits: paid oldest first).
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, statementLines, unpaidByLine } from '../../src/local-db/account-lines'
import type { AccountEntryRow } from '../../src/local-db/account-rows'
import { type Caller, createApiUser, engines, type Engine } from './engines.ts'

type Claims = Exclude<Caller, null | 'owner'> & { sub: string }
type PulledPage = { entries: AccountEntryRow[]; checkpoint: string; has_more: boolean }

/** A charge (an adjustment up, as a shipment charge adds), a desk payment, a credit, or an adjustment down. */
const postingArb = fc.record({ kind: fc.constantFrom('charge', 'payment', 'credit', 'lower'), cents: fc.integer({ min: 1, max: 50_000 }) })

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

  /** Every line the customer pulls, page by page from no checkpoint, as the device stores them. */
  async function pulled(customer: Claims): Promise<AccountEntryRow[]> {
    const rows: AccountEntryRow[] = []
    let since: string | null = null
    for (;;) {
      const [row]: { page: PulledPage }[] = await db.as(customer)<{ page: PulledPage }>(`select public.pull_account_entries($1, 5) as page`, [since])
      const page: PulledPage = row!.page
      rows.push(...page.entries)
      since = page.checkpoint
      if (!page.has_more) return rows
    }
  }

  it('for any sequence of postings, the statement’s balances and unpaid lines are the database’s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(postingArb, { minLength: 1, maxLength: 14 }), async (postings) => {
        const customer = (await createApiUser(db)) as Claims
        for (const { kind, cents } of postings) {
          if (kind === 'payment') await db.as(admin)(`select public.record_payment($1, $2, $3, 'cash', 'desk')`, [randomUUID(), customer.sub, cents])
          else if (kind === 'credit') await db.as(admin)(`select public.grant_credit($1, $2, $3, 'Goodwill')`, [randomUUID(), customer.sub, cents])
          else await db.as(admin)(`select public.post_adjustment($1, $2, $3, 'Correction')`, [randomUUID(), customer.sub, kind === 'charge' ? cents : -cents])
        }
        // Shuffled as pages may bring them: the statement orders them itself.
        const lines = statementLines((await pulled(customer)).reverse(), [])
        expect(lines).toHaveLength(postings.length)
        let running = 0
        for (const line of lines) expect(line.balance_after_cents).toBe((running += line.amount_cents))

        const [balance] = await db.owner<{ balance_cents: string }>(`select balance_cents::text from public.account_balances where user_id = $1`, [customer.sub])
        expect(balanceOf(lines)).toBe(Number(balance!.balance_cents))
        const unpaid = await db.owner<{ entry_id: string; unpaid_cents: string }>(`select entry_id, unpaid_cents::text from public.account_unpaid_debits($1)`, [customer.sub])
        expect(Object.fromEntries(unpaidByLine(lines))).toEqual(Object.fromEntries(unpaid.map((row) => [row.entry_id, Number(row.unpaid_cents)])))
      }),
      { numRuns: 10, endOnFailure: true },
    )
  }, 240_000)
})
