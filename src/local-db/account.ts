import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { balanceOf, statementLines, type StatementLine } from './account-lines'
import type { AccountBalanceRow, AccountEntryRow } from './account-rows'
import { db, isAccountOp, type SyncStream } from './db'
import type { DeviceOwner } from './owner'
import { writePulledPage as applyPage, putInSteps } from './pulled-page'
import { useThrottledQuery } from './throttled-query'

export type { StatementLine }

/** Pulled account lines (a customer's own, or on an admin's device one customer's): they never change, so a put is all. */
export function applyPulledAccountEntries(stream: SyncStream, owner: DeviceOwner, rows: AccountEntryRow[], checkpoint: string | null): Promise<void> {
  return applyPage(stream, owner, checkpoint, () => putInSteps(db.accountEntries, rows), [db.accountEntries])
}

/** Pulled balances (an admin's): a customer who owes nothing any more is forgotten. */
export function applyPulledAccountBalances(stream: SyncStream, owner: DeviceOwner, rows: AccountBalanceRow[], checkpoint: string | null): Promise<void> {
  return applyPage(
    stream,
    owner,
    checkpoint,
    async () => {
      await putInSteps(db.accountBalances, rows.filter((row) => row.balance_cents !== 0))
      await db.accountBalances.bulkDelete(rows.filter((row) => row.balance_cents === 0).map((row) => row.user_id))
    },
    [db.accountBalances],
  )
}

/** A line the server posted for an op sent from this device, kept at once rather than at the next pull. */
export const writePostedEntry = (row: AccountEntryRow) => db.accountEntries.put(row)

/** A customer's statement: their lines in posting order and the postings queued on this device, with the balance. */
export interface Statement {
  lines: StatementLine[]
  balanceCents: number
}

export async function readStatement(customerId: string): Promise<Statement> {
  const [rows, ops] = await Promise.all([
    db.accountEntries.where('[user_id+created_at]').between([customerId, Dexie.minKey], [customerId, Dexie.maxKey]).toArray(),
    db.outbox.toArray().then((all) => all.filter(isAccountOp).filter((op) => op.customerId === customerId)),
  ])
  const lines = statementLines(rows, ops)
  return { lines, balanceCents: balanceOf(lines) }
}

/** readStatement, live; throttled, as a first pull writes a long history page after page. */
export function useStatement(customerId: string) {
  return useThrottledQuery(() => readStatement(customerId), [customerId], ['accountEntries', 'outbox'])
}

/** One line of the server's, or null when it is not on this device. */
export function useAccountEntry(entryId: string) {
  return useLiveQuery(async () => (await db.accountEntries.get(entryId)) ?? null, [entryId])
}

/** What these customers owe, by id (an admin's copy: only those who owe or hold a credit). */
export function useBalances(customerIds: readonly string[]) {
  const key = [...customerIds].sort().join(',')
  return useLiveQuery(async () => {
    const rows = await db.accountBalances.bulkGet(key ? key.split(',') : [])
    return new Map(rows.filter((row) => row !== undefined).map((row) => [row.user_id, row.balance_cents]))
  }, [key])
}
