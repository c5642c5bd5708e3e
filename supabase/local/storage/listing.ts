import type { ObjectRow } from './objects'

export interface ListOptions {
  prefix: string
  limit: number
  offset: number
  search: string
  sortBy: { column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at'; order: 'asc' | 'desc' }
}

type Entry = Pick<ObjectRow, 'name' | 'id' | 'updated_at' | 'created_at' | 'last_accessed_at' | 'metadata'> | { name: string; id: null; updated_at: null; created_at: null; last_accessed_at: null; metadata: null }

/** The options `list` sends, with Storage's defaults. */
export function listOptions(body: Record<string, unknown>): ListOptions {
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column)) ? (sortBy.column as ListOptions['sortBy']['column']) : 'name'
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : ''
  return {
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    limit: Math.min(Math.max(Number(body.limit) || 100, 1), 1000),
    offset: Math.max(Number(body.offset) || 0, 0),
    search: typeof body.search === 'string' ? body.search : '',
    sortBy: { column, order: String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc' },
  }
}

/** A folder's listing as Storage gives it: its files, and its sub-folders as entries with null fields. */
export function listFolder(rows: readonly ObjectRow[], { prefix, limit, offset, search, sortBy }: ListOptions): Entry[] {
  const entries = new Map<string, Entry>()
  for (const row of rows) {
    const rest = row.name.slice(prefix.length)
    const slash = rest.indexOf('/')
    const name = slash < 0 ? rest : rest.slice(0, slash)
    if (!name.toLowerCase().startsWith(search.toLowerCase()) || entries.has(name)) continue
    entries.set(
      name,
      slash < 0
        ? { name, id: row.id, updated_at: row.updated_at, created_at: row.created_at, last_accessed_at: row.last_accessed_at, metadata: row.metadata }
        : { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
    )
  }
  const sign = sortBy.order === 'desc' ? -1 : 1
  const sorted = [...entries.values()].sort((a, b) => sign * String(a[sortBy.column] ?? a.name).localeCompare(String(b[sortBy.column] ?? b.name)))
  return sorted.slice(offset, offset + limit)
}
