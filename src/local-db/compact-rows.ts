import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie'

// IndexedDB copies a value it stores item by item on the page's main thread, and once more to read
// the keys of its indexes from the copy: a package, with its events and meta, is dozens of items,
// and an admin's first sync stores twenty thousand of them. Stored as the fields its keys read plus
// the whole row as one JSON string, it is a handful of items, the string copied at once. The rows
// are read back whole as before: every query, cursor and write of these tables goes through here.

/** The stored form: the fields the table's keys are read from, and the whole row. */
interface CompactRow {
  [field: string]: unknown
  row: string
}

const isCompact = (value: unknown): value is CompactRow => typeof (value as CompactRow | undefined)?.row === 'string'

/** A stored value as the app reads it (a row stored before this middleware is stored whole). */
const expand = (value: unknown): unknown => (isCompact(value) ? JSON.parse(value.row) : value)

function compactTable(table: DBCoreTable): DBCoreTable {
  const { primaryKey, indexes } = table.schema
  const fields = [...new Set([primaryKey, ...indexes].flatMap((index) => (index.keyPath === null ? [] : [index.keyPath].flat())))]
  const compact = (value: Record<string, unknown>): CompactRow => {
    const stored: CompactRow = { row: JSON.stringify(value) }
    for (const field of fields) stored[field] = value[field]
    return stored
  }
  const expandCursor = (cursor: DBCoreCursor | null): DBCoreCursor | null =>
    cursor &&
    // The IDB cursor's own getters refuse another receiver: each is read from the cursor itself.
    Object.create(cursor, {
      key: { get: () => cursor.key },
      primaryKey: { get: () => cursor.primaryKey },
      value: { get: () => expand(cursor.value) },
    })
  // Dexie's promises carry its transaction along: answers are chained on them, never awaited.
  return {
    ...table,
    mutate: (req) => table.mutate(req.type === 'add' || req.type === 'put' ? { ...req, values: req.values.map(compact) } : req),
    get: (req) => table.get(req).then(expand),
    getMany: (req) => table.getMany(req).then((values) => values.map(expand)),
    query: (req) => (req.values ? table.query(req).then((answer) => ({ ...answer, result: answer.result.map(expand) })) : table.query(req)),
    openCursor: (req) => (req.values === false ? table.openCursor(req) : table.openCursor(req).then(expandCursor)),
  }
}

/** Stores the rows of `tables` compactly (see above); the lowest middleware, so every other one sees whole rows. */
export function compactRows(tables: readonly string[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'CompactRows',
    level: -10,
    create: (down) => ({
      ...down,
      table: (name) => (tables.includes(name) ? compactTable(down.table(name)) : down.table(name)),
    }),
  }
}
