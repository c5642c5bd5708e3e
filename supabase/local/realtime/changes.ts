// Row changes as the database reports them: triggers.sql NOTIFYs one per changed row of a table
// in the supabase_realtime publication, at commit.
import { readFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'

/** Primary key values by column name, as JSON. */
export type RowKey = Record<string, unknown>

export interface RowChange {
  schema: string
  table: string
  type: ChangeType
  /** The row's key after the change (INSERT, UPDATE). */
  key: RowKey | null
  /** The row's key before the change (UPDATE, DELETE). */
  oldKey: RowKey | null
  /** ISO 8601 in UTC with milliseconds, as Realtime sends it. */
  commitTimestamp: string
}

const CHANNEL = 'standin_realtime'
const CHANGE_TYPES: ReadonlySet<string> = new Set<ChangeType>(['INSERT', 'UPDATE', 'DELETE'])

/** Installs (or brings up to date with the publication) the triggers that report changes. */
export async function installChangeTriggers(db: PGlite): Promise<void> {
  const sql = await readFile(new URL('./triggers.sql', import.meta.url), 'utf8')
  await db.exec(sql, { onNotice: () => {} })
}

/** Calls `onChange` for every committed row change; resolves to a function that stops listening. */
export async function listenForChanges(db: PGlite, onChange: (change: RowChange) => void): Promise<() => Promise<void>> {
  const unlisten = await db.listen(CHANNEL, (payload) => {
    const change = parseChange(payload)
    if (change) onChange(change)
  })
  return () => unlisten()
}

function parseChange(payload: string): RowChange | undefined {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return undefined
  }
  const { schema, table, type, key, old_key: oldKey, commit_timestamp: commitTimestamp } = (value ?? {}) as Record<string, unknown>
  if (typeof schema !== 'string' || typeof table !== 'string' || typeof type !== 'string' || !CHANGE_TYPES.has(type)) return undefined
  if (typeof commitTimestamp !== 'string') return undefined
  return { schema, table, type: type as ChangeType, key: asKey(key), oldKey: asKey(oldKey), commitTimestamp }
}

function asKey(value: unknown): RowKey | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as RowKey) : null
}
