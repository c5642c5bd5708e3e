// Parses the PostgREST query string and headers that postgrest-js sends into plain data. Nothing
// here touches SQL: identifiers are only checked for shape (the SQL builder checks them against
// the catalog and quotes them) and values stay strings (they are bound as parameters).
import { RestError } from './errors'

export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is'
export type IsValue = 'null' | 'true' | 'false' | 'unknown' | 'not_null'

export type Filter =
  | { column: string; negated: boolean; operator: Exclude<FilterOperator, 'in' | 'is'>; value: string }
  | { column: string; negated: boolean; operator: 'in'; value: string[] }
  | { column: string; negated: boolean; operator: 'is'; value: IsValue }

/** `*`, or one column, optionally renamed (`alias:column`). */
export type SelectItem = { star: true } | { star: false; column: string; alias?: string }

/** `or=(…)` / `and=(…)` (optionally `not.`): conditions combined with OR / AND, nestable. */
export interface LogicTree {
  logic: 'or' | 'and'
  negated: boolean
  conditions: Condition[]
}

export type Condition = Filter | LogicTree

export interface OrderTerm {
  column: string
  descending: boolean
  nulls?: 'first' | 'last'
}

export interface QueryParams {
  select: SelectItem[]
  /** Combined with AND. */
  filters: Condition[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  /** `columns=` of an insert: which body keys to use. */
  columns?: string[]
  /** `on_conflict=` of an upsert. */
  onConflict?: string[]
}

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  missing: 'default' | 'null'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
}

const OPERATORS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'])
const IS_VALUES = new Set<string>(['null', 'true', 'false', 'unknown', 'not_null'])
// `apikey` is the gateway's (Kong's key-auth takes the key from the query string too), not a filter.
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey'])
const LOGIC_TREES = new Set(['or', 'and', 'not.or', 'not.and'])
const BARE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/
// Deeper and/or nesting than any real filter; recursion past it would only exhaust the stack.
const MAX_LOGIC_DEPTH = 16

function parseError(what: string, input: string, details: string): RestError {
  return new RestError(400, { code: 'PGRST100', message: `"failed to parse ${what} (${input})"`, details, hint: null })
}

/** A bare identifier or a double-quoted one ("" escapes a quote); returns the name. */
export function parseIdentifier(raw: string, what: string, whole: string): string {
  const text = raw.trim()
  if (BARE_IDENTIFIER.test(text)) return text
  // A quoted name may hold anything but NUL, which no Postgres identifier (or SQL text) can contain.
  const quoted = /^"((?:[^"\0]|"")+)"$/.exec(text)
  if (quoted?.[1] !== undefined) return quoted[1].replaceAll('""', '"')
  const bad = [...text].find((c) => !/[A-Za-z0-9_$]/.test(c)) ?? text
  throw parseError(what, whole, `unexpected "${bad}" in "${text}"; expecting a column name`)
}

/** Splits on commas outside double quotes. */
function splitTopLevel(input: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!
    if (c === '\\' && quoted && i + 1 < input.length) {
      current += c + input[i + 1]
      i++
    } else if (c === '"') {
      quoted = !quoted
      current += c
    } else if (c === ',' && !quoted) {
      parts.push(current)
      current = ''
    } else current += c
  }
  parts.push(current)
  return parts
}

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ star: true }]
  return splitTopLevel(raw).map((part) => {
    if (part.trim() === '*') return { star: true }
    if (/[()]/.test(part)) {
      throw parseError('select parameter', raw, 'embedded resources are not supported by the local stand-in')
    }
    const colon = /^([^:"]+|"(?:[^"]|"")+"):([^:].*)$/.exec(part)
    if (colon) {
      return { star: false, alias: parseIdentifier(colon[1]!, 'select parameter', raw), column: parseIdentifier(colon[2]!, 'select parameter', raw) }
    }
    return { star: false, column: parseIdentifier(part, 'select parameter', raw) }
  })
}

export function parseOrder(raw: string | null): OrderTerm[] {
  if (raw === null || raw === '') return []
  return raw.split(',').map((term) => {
    const [name = '', ...modifiers] = term.split('.')
    const column = parseIdentifier(name, 'order', raw)
    const result: OrderTerm = { column, descending: false }
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') result.descending = modifier === 'desc'
      else if (modifier === 'nullsfirst' || modifier === 'nullslast') result.nulls = modifier === 'nullsfirst' ? 'first' : 'last'
      else throw parseError('order', raw, `unexpected "${modifier}"; expecting "asc", "desc", "nullsfirst" or "nullslast"`)
    }
    return result
  })
}

function parseCount(name: 'limit' | 'offset', raw: string | null): number | undefined {
  if (raw === null) return undefined
  if (!/^\d{1,9}$/.test(raw)) throw parseError(name, raw, `expecting a non-negative integer`)
  return Number(raw)
}

/** The items of `(a,"b,c",d)`: double quotes keep commas, backslash escapes inside quotes. */
function parseList(raw: string, whole: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('filter', whole, 'expecting a list like (a,b,c)')
  const inner = raw.slice(1, -1)
  if (inner === '') return []
  return splitTopLevel(inner).map((item) => {
    const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(item)
    return quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : item
  })
}

export function parseFilter(column: string, raw: string): Filter {
  const whole = `${column}=${raw}`
  const name = parseIdentifier(column, 'filter', whole)
  let rest = raw
  let negated = false
  if (rest.startsWith('not.')) {
    negated = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  const operator = dot < 0 ? rest : rest.slice(0, dot)
  if (dot < 0 || !OPERATORS.has(operator)) {
    throw parseError('filter', whole, `unknown or unsupported operator "${operator}"`)
  }
  const value = rest.slice(dot + 1)
  if (operator === 'in') return { column: name, negated, operator, value: parseList(value, whole) }
  if (operator === 'is') {
    if (!IS_VALUES.has(value)) throw parseError('filter', whole, 'expecting null, true, false, unknown or not_null after "is."')
    return { column: name, negated, operator, value: value as IsValue }
  }
  return { column: name, negated, operator: operator as Exclude<FilterOperator, 'in' | 'is'>, value }
}

/** Splits on commas outside double quotes and parentheses. */
function splitConditions(input: string, whole: string): string[] {
  const parts: string[] = []
  let current = ''
  let depth = 0
  let quoted = false
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!
    if (quoted && c === '\\' && i + 1 < input.length) {
      current += c + input[i + 1]
      i++
      continue
    }
    if (c === '"') quoted = !quoted
    else if (!quoted && c === '(') depth++
    else if (!quoted && c === ')') depth--
    if (depth < 0) throw parseError('logic tree', whole, 'unbalanced parentheses')
    if (c === ',' && depth === 0 && !quoted) {
      parts.push(current)
      current = ''
    } else current += c
  }
  if (depth !== 0 || quoted) throw parseError('logic tree', whole, 'unbalanced parentheses or quotes')
  parts.push(current)
  return parts
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`: inside a tree each condition is `column.operator.value`. */
export function parseLogicTree(key: string, raw: string, whole = `${key}=${raw}`, depth = 1): LogicTree {
  if (depth > MAX_LOGIC_DEPTH) throw parseError('logic tree', whole, `and/or nested deeper than ${MAX_LOGIC_DEPTH} levels`)
  const negated = key.startsWith('not.')
  const logic = negated ? key.slice(4) : key
  if (logic !== 'or' && logic !== 'and') throw parseError('logic tree', whole, `unknown logic operator "${key}"`)
  if (!raw.startsWith('(') || !raw.endsWith(')') || raw.length < 3) throw parseError('logic tree', whole, 'expecting (condition,condition,…)')
  const conditions = splitConditions(raw.slice(1, -1), whole).map((part): Condition => {
    const nested = /^((?:not\.)?(?:or|and))(\(.*\))$/.exec(part)
    if (nested) return parseLogicTree(nested[1]!, nested[2]!, whole, depth + 1)
    const dot = part.indexOf('.')
    if (dot <= 0) throw parseError('logic tree', whole, `expecting column.operator.value in "${part}"`)
    const filter = parseFilter(part.slice(0, dot), part.slice(dot + 1))
    // Inside a tree a value with commas or parentheses comes double-quoted.
    if (typeof filter.value === 'string' && filter.operator !== 'is') {
      const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(filter.value)
      if (quoted) return { ...filter, value: quoted[1]!.replace(/\\(.)/g, '$1') }
    }
    return filter
  })
  return { logic, negated, conditions }
}

function parseColumnList(raw: string | null, what: string): string[] | undefined {
  if (raw === null) return undefined
  return splitTopLevel(raw).map((part) => parseIdentifier(part, what, raw))
}

/** `Range: 0-9` (or `items=0-9`) as offset/limit. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const offset = Number(match[1])
  const end = match[2] === '' ? undefined : Number(match[2])
  if (end !== undefined && end < offset) return undefined
  return { offset, limit: end === undefined ? undefined : end - offset + 1 }
}

/**
 * The query string of a table or rpc request. `argNames` are keys that are arguments of a GET rpc
 * call, not filters.
 */
export function parseQuery(search: URLSearchParams, rangeHeader?: string, argNames: ReadonlySet<string> = new Set()): QueryParams {
  const filters: Condition[] = []
  for (const [key, value] of search) {
    if (RESERVED.has(key) || argNames.has(key)) continue
    filters.push(LOGIC_TREES.has(key) ? parseLogicTree(key, value) : parseFilter(key, value))
  }
  for (const key of ['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']) {
    if (search.getAll(key).length > 1) throw parseError(key, search.getAll(key).join('&'), `"${key}" given more than once`)
  }
  const query: QueryParams = {
    select: parseSelect(search.get('select')),
    filters,
    order: parseOrder(search.get('order')),
    limit: parseCount('limit', search.get('limit')),
    offset: parseCount('offset', search.get('offset')),
    columns: parseColumnList(search.get('columns'), 'columns'),
    onConflict: parseColumnList(search.get('on_conflict'), 'on_conflict'),
  }
  const range = parseRange(rangeHeader)
  if (range && query.limit === undefined && query.offset === undefined) {
    query.offset = range.offset
    query.limit = range.limit
  }
  return query
}

/** `Prefer` may be repeated or comma-joined (postgrest-js appends). Unknown preferences are ignored, as PostgREST does by default. */
export function parsePreferences(header: string | undefined): Preferences {
  const preferences: Preferences = { return: 'minimal', missing: 'null' }
  for (const token of (header ?? '').split(',')) {
    const [key, value] = token.trim().split('=').map((s) => s.trim())
    if (key === 'return' && (value === 'representation' || value === 'minimal' || value === 'headers-only')) preferences.return = value
    if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) preferences.count = value
    if (key === 'missing' && (value === 'default' || value === 'null')) preferences.missing = value
    if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) preferences.resolution = value
  }
  return preferences
}
