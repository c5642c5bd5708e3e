// What Realtime reads from the catalog: the tables in the supabase_realtime publication, and a
// table's columns as one role sees them (SELECT privilege per column, primary key).
import type { PGlite } from '@electric-sql/pglite'
import type { ApiRole } from '../as-role'

export const PUBLICATION = 'supabase_realtime'

export interface TableName {
  schema: string
  table: string
}

export interface Column {
  name: string
  /** pg_type.typname, as Realtime names the type in `columns`. */
  type: string
  /** The type as SQL spells it, for casts. */
  sqlType: string
  isKey: boolean
  /** The role has SELECT on this column. */
  selectable: boolean
}

export class Catalog {
  // Grants and keys are read once per table and role: the stand-in applies migrations only at start.
  readonly #columns = new Map<string, Promise<Column[]>>()

  constructor(private readonly db: PGlite) {}

  async publishedTables(): Promise<TableName[]> {
    const { rows } = await this.db.query<TableName>(
      `select schemaname as schema, tablename as table from pg_publication_tables where pubname = $1 order by 1, 2`,
      [PUBLICATION],
    )
    return rows
  }

  columns(name: TableName, role: ApiRole): Promise<Column[]> {
    const cacheKey = `${tableKey(name)} ${role}`
    let columns = this.#columns.get(cacheKey)
    if (!columns) {
      columns = this.#readColumns(name, role)
      this.#columns.set(cacheKey, columns)
      columns.catch(() => this.#columns.delete(cacheKey))
    }
    return columns
  }

  async #readColumns({ schema, table }: TableName, role: ApiRole): Promise<Column[]> {
    const { rows } = await this.db.query<Column>(
      `select a.attname as name, t.typname as type, format_type(a.atttypid, null) as "sqlType",
              coalesce(a.attnum = any(pk.conkey), false) as "isKey",
              has_column_privilege($3::name, a.attrelid, a.attnum, 'SELECT') as selectable
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_constraint pk on pk.conrelid = a.attrelid and pk.contype = 'p'
       where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [schema, table, role],
    )
    return rows
  }
}

/** `schema.table`, quoted as SQL needs it. */
export function qualifiedName({ schema, table }: TableName): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`
}

/** One string per table, for maps and sets. */
export function tableKey({ schema, table }: TableName): string {
  return JSON.stringify([schema, table])
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
