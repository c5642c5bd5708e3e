// A postgres_changes `filter` (`column=op.value`), parsed as Realtime parses it and applied in SQL
// with the column's own type, as Realtime's realtime.check_equality_op does.
import { type Column, quoteIdent } from './catalog'

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'

export interface RowFilter {
  column: string
  operator: FilterOperator
  /** The operand as text; for `in`, a Postgres array literal (`{a,b}`). */
  value: string
}

const SQL_OPERATORS: Record<Exclude<FilterOperator, 'in'>, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }
const REALTIME_ONLY = new Set(['like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'])

export type ParsedFilter = { ok: true; filter: RowFilter | null } | { ok: false; message: string }

/** An empty filter is none. Realtime's wording for what it cannot parse. */
export function parseFilter(text: string): ParsedFilter {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, filter: null }
  const equals = trimmed.indexOf('=')
  if (equals < 0) return unparsable([trimmed])
  const column = trimmed.slice(0, equals)
  const rest = trimmed.slice(equals + 1)
  const dot = rest.indexOf('.')
  if (dot < 0) return unparsable([column, rest])
  const operator = rest.slice(0, dot)
  const value = rest.slice(dot + 1)
  if (operator === 'in') {
    if (!(value.length >= 2 && value.startsWith('(') && value.endsWith(')'))) {
      return { ok: false, message: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses' }
    }
    return { ok: true, filter: { column, operator, value: `{${value.slice(1, -1)}}` } }
  }
  if (Object.hasOwn(SQL_OPERATORS, operator)) return { ok: true, filter: { column, operator: operator as FilterOperator, value } }
  if (REALTIME_ONLY.has(operator) || operator === 'not') {
    return { ok: false, message: `Error parsing \`filter\` params: the local stand-in supports eq, neq, lt, lte, gt, gte and in, not ${operator}` }
  }
  return unparsable([operator, value])
}

/** The SQL type the filter's operand is cast to: the column's, or an array of it for `in`. */
export function operandType(filter: RowFilter, column: Column): string {
  return filter.operator === 'in' ? `${column.sqlType}[]` : column.sqlType
}

/** `row.column op $n::type`: true, false or null (null counts as no match, as in Realtime). */
export function filterPredicate(filter: RowFilter, column: Column, rowAlias: string, parameter: number): string {
  const target = `${rowAlias}.${quoteIdent(filter.column)}`
  const operand = `$${parameter}::${operandType(filter, column)}`
  return filter.operator === 'in' ? `${target} = any(${operand})` : `${target} ${SQL_OPERATORS[filter.operator]} ${operand}`
}

/** The filter as Realtime lists it in its error messages. */
export function describeFilter(filter: RowFilter | null): string {
  return filter ? `[{"${filter.column}", "${filter.operator}", "${filter.value}", false}]` : '[]'
}

function unparsable(parts: string[]): ParsedFilter {
  return { ok: false, message: `Error parsing \`filter\` params: [${parts.map((part) => JSON.stringify(part)).join(', ')}]` }
}
