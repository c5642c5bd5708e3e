// Builds the SQL of a PostgREST request. Identifiers come only from the catalog (checked, then
// quoted); every value from the request is a bound parameter in Postgres text format, so Postgres
// itself converts it to the column's type and reports bad input (22P02 …) as PostgREST would.
import type { Column, DbFunction, Relation } from './catalog'
import { RestError } from './errors'
import type { Condition, Filter, QueryParams } from './query'

export interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: { serializers?: Record<number, (value: unknown) => string> }): Promise<{ rows: T[]; affectedRows?: number }>
}

export interface Statement {
  text: string
  params: (string | null)[]
}

/** Columns a query may refer to, and how to name its source in SQL. */
interface Source {
  label: string
  columns: Map<string, Column>
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

export function qualifiedName(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`
}

class Params {
  readonly values: (string | null)[] = []
  add(value: string | null): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

function unknownColumn(source: Source, name: string): RestError {
  return new RestError(400, { code: '42703', message: `column ${source.label}.${name} does not exist`, details: null, hint: null })
}

function columnRef(source: Source, name: string, qualifier?: string): string {
  if (!source.columns.has(name)) throw unknownColumn(source, name)
  return qualifier ? `${qualifier}.${quoteIdent(name)}` : quoteIdent(name)
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE' } as const
const IS_SQL = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const

function condition(filter: Filter, source: Source, params: Params, qualifier?: string): string {
  const column = columnRef(source, filter.column, qualifier)
  let sql: string
  switch (filter.operator) {
    case 'in':
      sql = filter.value.length === 0 ? 'FALSE' : `${column} IN (${filter.value.map((v) => params.add(v)).join(', ')})`
      break
    case 'is':
      sql = `${column} IS ${IS_SQL[filter.value]}`
      break
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%` so patterns survive URLs.
      sql = `${column} ${COMPARISONS[filter.operator]} ${params.add(filter.value.replaceAll('*', '%'))}`
      break
    default:
      sql = `${column} ${COMPARISONS[filter.operator]} ${params.add(filter.value)}`
  }
  return filter.negated ? `NOT (${sql})` : sql
}

function conditionSql(node: Condition, source: Source, params: Params, qualifier?: string): string {
  if (!('logic' in node)) return condition(node, source, params, qualifier)
  const parts = node.conditions.map((child) => conditionSql(child, source, params, qualifier))
  const combined = parts.length === 0 ? 'TRUE' : `(${parts.join(node.logic === 'or' ? ' OR ' : ' AND ')})`
  return node.negated ? `NOT ${combined}` : combined
}

function whereClause(query: QueryParams, source: Source, params: Params, qualifier?: string): string {
  if (query.filters.length === 0) return ''
  return ` WHERE ${query.filters.map((f) => conditionSql(f, source, params, qualifier)).join(' AND ')}`
}

function orderClause(query: QueryParams, source: Source): string {
  if (query.order.length === 0) return ''
  const terms = query.order.map((term) => {
    const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''
    return `${columnRef(source, term.column)} ${term.descending ? 'DESC' : 'ASC'}${nulls}`
  })
  return ` ORDER BY ${terms.join(', ')}`
}

function pageClause(query: QueryParams): string {
  return `${query.limit === undefined ? '' : ` LIMIT ${query.limit}`}${query.offset ? ` OFFSET ${query.offset}` : ''}`
}

function projection(query: QueryParams, source: Source): string {
  return query.select
    .map((item) => {
      if (item.star) return 'pgrst_source.*'
      const ref = columnRef(source, item.column, 'pgrst_source')
      return item.alias ? `${ref} AS ${quoteIdent(item.alias)}` : ref
    })
    .join(', ')
}

/**
 * Wraps a statement so Postgres renders its rows as PostgREST does (json_agg): one row with the
 * JSON array, its first element and the row count.
 */
function asJson(inner: string, select: string, element = '_t'): string {
  return (
    `WITH pgrst_source AS (${inner}), ` +
    `pgrst_result AS (SELECT json_agg(${element}) AS agg, count(*)::int AS n FROM (SELECT ${select} FROM pgrst_source) _t) ` +
    `SELECT coalesce(agg, '[]')::text AS body, (agg->0)::text AS first, n FROM pgrst_result`
  )
}

function relationSource(relation: Relation): Source {
  return { label: relation.name, columns: relation.columns }
}

export function buildSelect(relation: Relation, query: QueryParams): { rows: Statement; count: Statement } {
  const source = relationSource(relation)
  const table = qualifiedName(relation.schema, relation.name)
  const params = new Params()
  const where = whereClause(query, source, params)
  const inner = `SELECT * FROM ${table}${where}${orderClause(query, source)}${pageClause(query)}`
  return {
    rows: { text: asJson(inner, projection(query, source)), params: params.values },
    count: { text: `SELECT count(*)::int AS n FROM ${table}${where}`, params: params.values },
  }
}

function bodyColumns(relation: Relation, keys: Iterable<string>): string[] {
  const columns = [...new Set(keys)]
  for (const column of columns) {
    if (!relation.columns.has(column)) {
      throw new RestError(400, {
        code: 'PGRST204',
        message: `Could not find the '${column}' column of '${relation.name}' in the schema cache`,
        details: null,
        hint: null,
      })
    }
  }
  return columns
}

function returning(representation: boolean, query: QueryParams, relation: Relation, statement: string, params: Params): Statement {
  if (!representation) return { text: statement, params: params.values }
  const table = qualifiedName(relation.schema, relation.name)
  return { text: asJson(`${statement} RETURNING ${table}.*`, projection(query, relationSource(relation))), params: params.values }
}

export interface MutationOptions {
  representation: boolean
  /** Columns missing from a row get their default (Prefer: missing=default) rather than NULL. */
  missingDefault: boolean
}

/**
 * One INSERT per set of keys when missing columns take their defaults (a column left out of the
 * column list gets its default); otherwise one INSERT where missing keys are NULL.
 */
export function buildInsert(relation: Relation, query: QueryParams, rows: Record<string, unknown>[], options: MutationOptions & { upsert?: 'merge' | 'ignore' }): Statement[] {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>()
  const allKeys = query.columns ?? rows.flatMap((row) => Object.keys(row))
  for (const row of rows) {
    const keys = options.missingDefault ? Object.keys(row).filter((k) => query.columns?.includes(k) ?? true) : allKeys
    const columns = bodyColumns(relation, keys)
    const id = JSON.stringify(columns)
    const group = groups.get(id) ?? { columns, rows: [] }
    group.rows.push(row)
    groups.set(id, group)
  }
  const table = qualifiedName(relation.schema, relation.name)
  return [...groups.values()].map(({ columns, rows: groupRows }) => {
    const params = new Params()
    // Objects without keys are rows of defaults: a select of no columns, one row per object.
    let statement = `INSERT INTO ${table} SELECT FROM generate_series(1, ${groupRows.length})`
    if (columns.length > 0) {
      const body = params.add(JSON.stringify(groupRows))
      const values = `SELECT ${columns.map((c) => `pgrst_body.${quoteIdent(c)}`).join(', ')} FROM json_populate_recordset(NULL::${table}, ${body}::json) pgrst_body`
      statement = `INSERT INTO ${table} (${columns.map(quoteIdent).join(', ')}) ${values}`
    }
    if (options.upsert) statement += onConflict(relation, query, columns, options.upsert)
    return returning(options.representation, query, relation, statement, params)
  })
}

function onConflict(relation: Relation, query: QueryParams, columns: string[], mode: 'merge' | 'ignore'): string {
  const target = query.onConflict ?? relation.primaryKey
  if (target.length === 0) {
    throw new RestError(400, { code: 'PGRST100', message: 'An upsert needs on_conflict or a primary key', details: null, hint: null })
  }
  const targetSql = target.map((c) => columnRef(relationSource(relation), c)).join(', ')
  if (mode === 'ignore') return ` ON CONFLICT (${targetSql}) DO NOTHING`
  const sets = columns.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ')
  return sets ? ` ON CONFLICT (${targetSql}) DO UPDATE SET ${sets}` : ` ON CONFLICT (${targetSql}) DO NOTHING`
}

function requireFilters(query: QueryParams, verb: 'UPDATE' | 'DELETE') {
  // Supabase loads pg-safeupdate: an UPDATE or DELETE without a WHERE clause is refused.
  if (query.filters.length === 0) {
    throw new RestError(400, { code: '21000', message: `${verb} requires a WHERE clause`, details: null, hint: null })
  }
  if (query.limit !== undefined || query.offset !== undefined || query.order.length > 0) {
    throw new RestError(400, { code: 'PGRST100', message: `order, limit and offset on ${verb} are not supported by the local stand-in`, details: null, hint: null })
  }
}

export function buildUpdate(relation: Relation, query: QueryParams, patch: Record<string, unknown>, options: MutationOptions): Statement {
  requireFilters(query, 'UPDATE')
  const columns = bodyColumns(relation, Object.keys(patch))
  const table = qualifiedName(relation.schema, relation.name)
  const params = new Params()
  const body = params.add(JSON.stringify(patch))
  const sets = columns.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ')
  const where = whereClause(query, relationSource(relation), params, table)
  const statement = `UPDATE ${table} SET ${sets} FROM (SELECT * FROM json_populate_record(NULL::${table}, ${body}::json)) pgrst_body${where}`
  return returning(options.representation, query, relation, statement, params)
}

export function buildDelete(relation: Relation, query: QueryParams, options: MutationOptions): Statement {
  requireFilters(query, 'DELETE')
  const table = qualifiedName(relation.schema, relation.name)
  const params = new Params()
  const statement = `DELETE FROM ${table}${whereClause(query, relationSource(relation), params)}`
  return returning(options.representation, query, relation, statement, params)
}

/**
 * Calls a function with named arguments taken from a JSON object (json_to_record does the type
 * conversion), then filters, orders and pages its rows like a table's.
 */
export function buildRpc(fn: DbFunction, args: Record<string, unknown>, query: QueryParams): { rows: Statement; count: Statement } {
  const params = new Params()
  const callee = qualifiedName(fn.schema, fn.name)
  const given = fn.args.filter((arg) => arg.name in args)
  let from: string
  if (given.length === 0) from = `${callee}()`
  else {
    const body = params.add(JSON.stringify(args))
    const definitions = given.map((arg) => `${quoteIdent(arg.name)} ${arg.type}`).join(', ')
    const named = given.map((arg) => `${quoteIdent(arg.name)} := pgrst_args.${quoteIdent(arg.name)}`).join(', ')
    from = `json_to_record(${body}::json) AS pgrst_args(${definitions}) CROSS JOIN LATERAL ${callee}(${named})`
  }
  const scalar = fn.returns !== 'rows'
  const source: Source = scalar ? { label: fn.name, columns: new Map() } : { label: fn.name, columns: fn.columns }
  const scalarValue = fn.returns === 'void' ? 'NULL::json' : 'pgrst_call'
  const callSql = scalar ? `SELECT ${scalarValue} AS pgrst_scalar FROM ${from} AS pgrst_call` : `SELECT pgrst_call.* FROM ${from} AS pgrst_call`
  // Filters and order refer to the function's output columns, so they apply to the call's rows.
  const where = whereClause(query, source, params)
  const inner = `SELECT * FROM (${callSql}) pgrst_rows${where}${orderClause(query, source)}${pageClause(query)}`
  const select = scalar ? 'pgrst_source.pgrst_scalar' : projection(query, source)
  return {
    rows: { text: asJson(inner, select, scalar ? '_t.pgrst_scalar' : '_t'), params: params.values },
    count: { text: `SELECT count(*)::int AS n FROM (${callSql}) pgrst_rows${where}`, params: params.values },
  }
}
