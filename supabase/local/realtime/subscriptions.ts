// A channel's postgres_changes subscriptions: what the join asked for (`config.postgres_changes`),
// and what that becomes once checked against the publication and the subscriber's role, with
// Realtime's messages for what it refuses.
import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { ApiRole } from '../as-role'
import { type Catalog, type TableName, tableKey } from './catalog'
import type { ChangeType } from './changes'
import { describeFilter, operandType, parseFilter, type RowFilter } from './filters'

export interface RequestedChange {
  /** Realtime's id for the request: in the join reply, and in every change it receives. */
  id: number
  /** The request as the client sent it (the join reply echoes it with the id). */
  params: Record<string, unknown>
}

export interface ChangeSubscription {
  id: number
  event: '*' | ChangeType
  /** tableKey() of every table it covers. */
  tables: ReadonlySet<string>
  filter: RowFilter | null
}

export type Subscribed = { ok: true; subscriptions: ChangeSubscription[] } | { ok: false; message: string }

/** The join's postgres_changes requests (nulls skipped, as Realtime does); undefined when one is not an object. */
export function requestedChanges(config: unknown): RequestedChange[] | undefined {
  const requests = (config as { postgres_changes?: unknown } | null)?.postgres_changes
  if (!Array.isArray(requests)) return []
  const present = requests.filter((request) => request !== null)
  if (!present.every(isObject)) return undefined
  return present.map((params) => ({ id: changeId(params), params }))
}

/**
 * Checks every request against the publication and the role, as Realtime does when it inserts
 * them into realtime.subscription: all are accepted, or none.
 */
export async function subscribe(db: PGlite, catalog: Catalog, requests: RequestedChange[], role: ApiRole): Promise<Subscribed> {
  const published = await catalog.publishedTables()
  const subscriptions: ChangeSubscription[] = []
  for (const { id, params } of requests) {
    const parsed = parseParams(params)
    if (!parsed.ok) return parsed
    const { event, schema, table, filter } = parsed
    const described = `[event: ${event}, schema: ${schema}, table: ${table}, filters: ${describeFilter(filter)}, select: nil]`
    const tables = published.filter((name) => matches(schema, name.schema) && matches(table, name.table))
    if (tables.length === 0) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described}`,
      }
    }
    if (filter) {
      for (const name of tables) {
        const problem = await filterProblem(db, catalog, name, role, filter)
        if (problem) {
          return {
            ok: false,
            message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described}. Exception: ${problem}`,
          }
        }
      }
    }
    subscriptions.push({ id, event, tables: new Set(tables.map(tableKey)), filter })
  }
  return { ok: true, subscriptions }
}

type ParsedParams = { ok: true; event: '*' | ChangeType; schema: string; table: string; filter: RowFilter | null } | { ok: false; message: string }

// Realtime's Subscriptions.parse_subscription_params.
function parseParams(params: Record<string, unknown>): ParsedParams {
  const { schema, table, filter } = params
  const event = eventOf(params.event)
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const parsed = parseFilter(filter)
    return parsed.ok ? { ok: true, event, schema, table, filter: parsed.filter } : parsed
  }
  if (!('filter' in params)) {
    if (typeof schema === 'string' && typeof table === 'string') return { ok: true, event, schema, table, filter: null }
    if (typeof schema === 'string' && !('table' in params)) return { ok: true, event, schema, table: '*', filter: null }
    if (typeof table === 'string' && !('schema' in params)) return { ok: true, event, schema: 'public', table, filter: null }
  }
  return {
    ok: false,
    message: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${JSON.stringify(params)}`,
  }
}

function eventOf(event: unknown): '*' | ChangeType {
  const upper = typeof event === 'string' ? event.toUpperCase() : '*'
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
}

function matches(pattern: string, name: string): boolean {
  return pattern === '*' || pattern === name
}

// Realtime's realtime.subscription_check_filters: a column the role may select, a value of its type.
async function filterProblem(db: PGlite, catalog: Catalog, name: TableName, role: ApiRole, filter: RowFilter): Promise<string | undefined> {
  const column = (await catalog.columns(name, role)).find((candidate) => candidate.name === filter.column && candidate.selectable)
  if (!column) return `invalid column for filter ${filter.column}`
  try {
    await db.query(`select $1::${operandType(filter, column)}`, [filter.value])
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** Realtime uses :erlang.phash2 of the request (27 bits); any stable hash of it will do. */
function changeId(params: Record<string, unknown>): number {
  return createHash('sha1').update(JSON.stringify(params)).digest().readUInt32BE(0) & 0x7ffffff
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
