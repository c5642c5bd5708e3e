// Who receives a row change, and what they receive: Realtime's realtime.apply_rls. An insert or
// update reaches a subscriber only if it passes the subscription's filter and the subscriber may
// select the row now, under its own role and claims; the record holds the columns that role may
// select. RLS cannot be checked on a deleted row, so a delete carries only the primary key.
//
// Changes come in batches (all that committed while the previous batch was being delivered): per
// table, one query evaluates every filter, and one query per claims set reads every changed row.
import type { PGlite } from '@electric-sql/pglite'
import { type JwtClaims, withClaims } from '../as-role'
import { type Catalog, type Column, qualifiedName, quoteIdent, type TableName, tableKey } from './catalog'
import type { ChangeType, RowChange, RowKey } from './changes'
import { filterPredicate, type RowFilter } from './filters'
import type { ChangeSubscription } from './subscriptions'

export interface ChangeData {
  schema: string
  table: string
  type: ChangeType
  commit_timestamp: string
  columns: { name: string; type: string }[]
  record?: Record<string, unknown>
  old_record?: Record<string, unknown>
  errors: string[] | null
}

/** The payload of a `postgres_changes` push: the data, and which of the channel's subscriptions it is for. */
export interface PostgresChangesPayload {
  ids: number[]
  data: ChangeData
}

export interface Subscriber {
  readonly claims: JwtClaims & { exp: number }
  /** Subscribers with the same claims share one read of the changed rows. */
  readonly claimsKey: string
  readonly subscriptions: readonly ChangeSubscription[]
  pushChange(payload: PostgresChangesPayload): void
}

interface Interested {
  subscriber: Subscriber
  subscriptions: ChangeSubscription[]
}

/** A change of the batch: who may want it, and what each of them will get. */
interface Pending {
  change: RowChange
  interested: Interested[]
  pushes: { subscriber: Subscriber; payload: PostgresChangesPayload }[]
}

/** Delivers the changes in their commit order. */
export async function deliverChanges(db: PGlite, catalog: Catalog, changes: RowChange[], subscribers: Subscriber[]): Promise<void> {
  const pending = changes
    .map((change): Pending => ({ change, interested: interestedIn(change, subscribers), pushes: [] }))
    .filter(({ interested }) => interested.length > 0)
  const byTable = new Map<string, Pending[]>()
  for (const entry of pending) {
    const ofTable = byTable.get(tableKey(entry.change))
    if (ofTable) ofTable.push(entry)
    else byTable.set(tableKey(entry.change), [entry])
  }
  for (const ofTable of byTable.values()) await resolve(db, catalog, ofTable)
  for (const { pushes } of pending) for (const { subscriber, payload } of pushes) subscriber.pushChange(payload)
}

function interestedIn(change: RowChange, subscribers: Subscriber[]): Interested[] {
  const table = tableKey(change)
  const now = Math.floor(Date.now() / 1000)
  const interested: Interested[] = []
  for (const subscriber of subscribers) {
    // A token past its exp receives nothing, even before its channel is shut down.
    if (subscriber.claims.exp <= now) continue
    // Deletes skip RLS; the stand-in keeps even their keys from anonymous subscribers.
    if (change.type === 'DELETE' && subscriber.claims.role === 'anon') continue
    const subscriptions = subscriber.subscriptions.filter(({ tables, event }) => tables.has(table) && (event === '*' || event === change.type))
    if (subscriptions.length > 0) interested.push({ subscriber, subscriptions })
  }
  return interested
}

/** Fills in the pushes of one table's changes. */
async function resolve(db: PGlite, catalog: Catalog, pending: Pending[]): Promise<void> {
  const { schema, table } = pending[0]!.change
  const name: TableName = { schema, table }
  // Filters first, once for everyone: most subscribers filter, and a row they filter out needs no
  // RLS check. They run as the owner, on every column (service_role's view of the table).
  const passed = await passingFilters(db, name, await catalog.columns(name, 'service_role'), pending)
  const groups = new Map<string, (Interested & { pending: Pending })[]>()
  for (const entry of pending) {
    for (const { subscriber, subscriptions } of entry.interested) {
      const passing = subscriptions.filter(({ filter }) => !filter || passed.get(entry)?.has(filterKey(filter)))
      if (passing.length === 0) continue
      const group = groups.get(subscriber.claimsKey) ?? []
      group.push({ subscriber, subscriptions: passing, pending: entry })
      groups.set(subscriber.claimsKey, group)
    }
  }
  for (const group of groups.values()) {
    const { claims } = group[0]!.subscriber
    const columns = await catalog.columns(name, claims.role)
    const records = await readRows(db, name, columns, claims, new Set(group.map((entry) => entry.pending.change)))
    for (const { subscriber, subscriptions, pending: entry } of group) {
      const data = changeData(entry.change, columns, records)
      if (data) entry.pushes.push({ subscriber, payload: { ids: subscriptions.map(({ id }) => id), data } })
    }
  }
}

/**
 * filterKey() of every filter each change passes, read as the owner. A deleted row is known only
 * by its key (Realtime's old record), so a filter on another column cannot pass a delete.
 */
async function passingFilters(db: PGlite, name: TableName, columns: Column[], pending: Pending[]): Promise<Map<Pending, Set<string>>> {
  const passed = new Map<Pending, Set<string>>()
  const filters = new Map<string, RowFilter>()
  for (const { interested } of pending) {
    for (const { subscriptions } of interested) for (const { filter } of subscriptions) if (filter) filters.set(filterKey(filter), filter)
  }
  const keys = columns.filter((column) => column.isKey)
  if (filters.size === 0 || keys.length === 0) return passed
  const evaluate = async (entries: Pending[], rowColumns: Column[], rows: string) => {
    const applicable = [...filters.values()].filter((filter) => rowColumns.some((column) => column.name === filter.column))
    if (entries.length === 0 || applicable.length === 0) return
    const predicates = applicable.map((filter, i) => {
      const column = rowColumns.find((candidate) => candidate.name === filter.column)!
      return `coalesce(${filterPredicate(filter, column, 'r', i + 2)}, false)`
    })
    const { rows: results } = await db.query<{ key: RowKey; passed: boolean[] }>(
      `select ${keyObject(keys, 'r')} as key, array[${predicates.join(', ')}] as passed from ${rows}`,
      [JSON.stringify(entries.map(({ change }) => keyOf(change))), ...applicable.map((filter) => filter.value)],
    )
    const byKey = new Map(results.map((result) => [keyText(keys, result.key), result.passed]))
    for (const entry of entries) {
      const outcome = byKey.get(keyText(keys, keyOf(entry.change))) ?? []
      passed.set(entry, new Set(applicable.filter((_, i) => outcome[i] === true).map(filterKey)))
    }
  }
  await evaluate(pending.filter(isDelete), keys, keyRecordset(keys, 'r'))
  await evaluate(
    pending.filter((entry) => !isDelete(entry)),
    columns,
    `${qualifiedName(name)} r join ${keyRecordset(keys, 'k')} on ${keysMatch(keys, 'r', 'k')}`,
  )
  return passed
}

/** The inserted and updated rows as these claims may select them, by keyText(); RLS leaves out the others. */
async function readRows(db: PGlite, name: TableName, columns: Column[], claims: JwtClaims, changes: Set<RowChange>): Promise<Map<string, Record<string, unknown>>> {
  const keys = columns.filter((column) => column.isKey)
  const wanted = [...changes].filter((change) => change.type !== 'DELETE').map(keyOf)
  if (wanted.length === 0 || keys.length === 0 || keys.some((key) => !key.selectable)) return new Map()
  const selected = columns.filter((column) => column.selectable).map((column) => `t.${quoteIdent(column.name)}`)
  const sql = `select to_jsonb(r) as record
    from (select ${selected.join(', ')} from ${qualifiedName(name)} t join ${keyRecordset(keys, 'k')} on ${keysMatch(keys, 't', 'k')}) r`
  const rows = await withClaims(db, claims, async (tx) => (await tx.query<{ record: Record<string, unknown> }>(sql, [JSON.stringify(wanted)])).rows)
  return new Map(rows.map(({ record }) => [keyText(keys, record), record]))
}

/** What subscribers whose role sees `columns` receive of the change; undefined when RLS hides the row. */
function changeData(change: RowChange, columns: Column[], records: Map<string, Record<string, unknown>>): ChangeData | undefined {
  const selectable = columns.filter((column) => column.selectable)
  const keys = columns.filter((column) => column.isKey)
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    type: change.type,
    commit_timestamp: change.commitTimestamp,
    columns: selectable.map((column) => ({ name: column.name, type: column.type })),
    errors: null,
  }
  if (change.type === 'DELETE') return { ...data, old_record: pick(change.oldKey, selectable) }
  // Realtime answers these with an error instead of the row.
  if (keys.length === 0) return { ...data, columns: [], errors: ['Error 400: Bad Request, no primary key'] }
  if (keys.some((key) => !key.selectable)) return { ...data, columns: [], errors: ['Error 401: Unauthorized'] }
  const record = records.get(keyText(keys, change.key))
  if (!record) return undefined
  return change.type === 'UPDATE' ? { ...data, record, old_record: pick(change.oldKey, selectable) } : { ...data, record }
}

function isDelete({ change }: Pending): boolean {
  return change.type === 'DELETE'
}

/** The key a change is about: the row's after an insert or update, the deleted row's. */
function keyOf(change: RowChange): RowKey {
  return (change.type === 'DELETE' ? change.oldKey : change.key) ?? {}
}

/** The batch's keys as typed rows, from $1: a JSON array of key objects. */
function keyRecordset(keys: Column[], alias: string): string {
  return `jsonb_to_recordset($1::jsonb) as ${alias}(${keys.map((column) => `${quoteIdent(column.name)} ${column.sqlType}`).join(', ')})`
}

function keysMatch(keys: Column[], row: string, key: string): string {
  return keys.map(({ name }) => `${row}.${quoteIdent(name)} = ${key}.${quoteIdent(name)}`).join(' and ')
}

function keyObject(keys: Column[], row: string): string {
  return `jsonb_build_object(${keys.map(({ name }) => `'${name.replaceAll("'", "''")}', ${row}.${quoteIdent(name)}`).join(', ')})`
}

/** One string per key, whichever JSON it was read from. */
function keyText(keys: Column[], values: RowKey | null): string {
  return JSON.stringify(keys.map(({ name }) => values?.[name] ?? null))
}

function filterKey(filter: RowFilter): string {
  return JSON.stringify([filter.column, filter.operator, filter.value])
}

/** The key values of the columns the role may select. */
function pick(values: RowKey | null, columns: Column[]): Record<string, unknown> {
  if (!values) return {}
  return Object.fromEntries(columns.filter((column) => column.name in values).map((column) => [column.name, values[column.name]]))
}
