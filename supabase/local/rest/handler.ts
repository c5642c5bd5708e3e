// /rest/v1: tables and rpc, each request in one transaction under the caller's claims, so the
// database's grants and RLS policies decide everything; nothing here knows who may do what.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { withClaims, type JwtClaims } from '../as-role'
import { json, type Handler, type HttpRequest, type HttpResponse } from '../http'
import { invalidBody, readBody } from './body'
import { Catalog, type DbFunction, type Relation } from './catalog'
import { requestClaims } from './claims'
import { RestError, toRestError } from './errors'
import { parsePreferences, parseQuery, type Preferences, type QueryParams } from './query'
import { buildDelete, buildInsert, buildRpc, buildSelect, buildUpdate, type Statement } from './sql'

const SCHEMA = 'public'
const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json'
const JSON_TYPE = 'application/json; charset=utf-8'

// Every parameter goes to Postgres as text for it to parse with the type it inferred (see sql.ts).
const TEXT_PARAMETERS = new Proxy({} as Record<number, (value: unknown) => string>, { get: () => (value: unknown) => String(value) })

interface Rows {
  /** JSON array of the rows, as text. */
  body: string
  /** JSON of the first row (or value), as text; null when there are no rows. */
  first: string | null
  n: number
}

interface RequestContext {
  request: HttpRequest
  claims: JwtClaims | null
  query: QueryParams
  preferences: Preferences
  single: boolean
}

async function runRows(tx: Transaction, statement: Statement): Promise<Rows> {
  const { rows } = await tx.query<Rows>(statement.text, statement.params, { serializers: TEXT_PARAMETERS })
  return rows[0] ?? { body: '[]', first: null, n: 0 }
}

async function runCount(tx: Transaction, statement: Statement): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(statement.text, statement.params, { serializers: TEXT_PARAMETERS })
  return rows[0]?.n ?? 0
}

async function runAffected(tx: Transaction, statement: Statement): Promise<number> {
  const result = await tx.query(statement.text, statement.params, { serializers: TEXT_PARAMETERS })
  return result.affectedRows ?? 0
}

function notOneRow(n: number): RestError {
  return new RestError(406, {
    code: 'PGRST116',
    message: 'JSON object requested, multiple (or no) rows returned',
    details: `The result contains ${n} rows`,
    hint: null,
  })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function contentRange(offset: number, n: number, total: number | undefined): string {
  const range = n === 0 ? '*' : `${offset}-${offset + n - 1}`
  return `${range}/${total ?? '*'}`
}

function rowsBody(rows: Rows, single: boolean): { body: string; type: string } {
  if (!single) return { body: rows.body, type: JSON_TYPE }
  if (rows.n !== 1) throw notOneRow(rows.n)
  return { body: rows.first ?? 'null', type: `${OBJECT_MEDIA_TYPE}; charset=utf-8` }
}

function checkProfile(request: HttpRequest) {
  for (const header of ['accept-profile', 'content-profile']) {
    const profile = request.header(header)
    if (profile !== undefined && profile !== SCHEMA) {
      throw new RestError(406, { code: 'PGRST106', message: `The schema must be one of the following: ${SCHEMA}`, details: null, hint: null })
    }
  }
}

export function restHandler(db: PGlite): Handler {
  const catalog = new Catalog(db, SCHEMA)

  async function table(name: string, context: RequestContext): Promise<HttpResponse> {
    const relation = await catalog.relation(name)
    if (!relation) {
      throw new RestError(404, { code: '42P01', message: `relation "${SCHEMA}.${name}" does not exist`, details: null, hint: null })
    }
    switch (context.request.method) {
      case 'GET':
      case 'HEAD':
        return read(relation, context)
      case 'POST':
        return insert(relation, context)
      case 'PATCH':
        return update(relation, context)
      case 'DELETE':
        return remove(relation, context)
      default:
        throw new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${context.request.method}`, details: null, hint: null })
    }
  }

  async function read(relation: Relation, { claims, query, preferences, single }: RequestContext): Promise<HttpResponse> {
    const statements = buildSelect(relation, query)
    return withClaims(db, claims, async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY')
      const rows = await runRows(tx, statements.rows)
      const total = preferences.count ? await runCount(tx, statements.count) : undefined
      const offset = query.offset ?? 0
      if (total !== undefined && rows.n === 0 && offset > 0 && offset >= total) {
        throw new RestError(416, {
          code: 'PGRST103',
          message: 'Requested range not satisfiable',
          details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
          hint: null,
        })
      }
      const { body, type } = rowsBody(rows, single)
      const partial = total !== undefined && (offset > 0 || offset + rows.n < total)
      return { status: partial ? 206 : 200, headers: { 'Content-Type': type, 'Content-Range': contentRange(offset, rows.n, total) }, body }
    })
  }

  /** Runs INSERT/UPDATE/DELETE statements and answers as PostgREST does for `Prefer: return=…`. */
  async function mutate(statements: Statement[], status: { representation: number; minimal: number }, context: RequestContext): Promise<HttpResponse> {
    const representation = context.preferences.return === 'representation'
    return withClaims(db, context.claims, async (tx) => {
      const parts: string[] = []
      const firsts: (string | null)[] = []
      let n = 0
      for (const statement of statements) {
        if (representation) {
          const rows = await runRows(tx, statement)
          n += rows.n
          firsts.push(rows.first)
          if (rows.n > 0) parts.push(rows.body.slice(1, -1))
        } else n += await runAffected(tx, statement)
      }
      // Throwing rolls the transaction back: a single-object request changes one row or nothing.
      if (context.single && n !== 1) throw notOneRow(n)
      const range = contentRange(0, n, context.preferences.count ? n : undefined)
      const headers: Record<string, string> = { 'Content-Range': context.request.method === 'POST' ? `*/${context.preferences.count ? n : '*'}` : range }
      if (!representation) return { status: status.minimal, headers }
      if (context.single) {
        return { status: status.representation, headers: { ...headers, 'Content-Type': `${OBJECT_MEDIA_TYPE}; charset=utf-8` }, body: firsts.find((f) => f !== null) ?? 'null' }
      }
      return { status: status.representation, headers: { ...headers, 'Content-Type': JSON_TYPE }, body: `[${parts.join(',')}]` }
    })
  }

  async function insert(relation: Relation, context: RequestContext): Promise<HttpResponse> {
    const body = await readBody(context.request)
    const rows = Array.isArray(body) ? body : [body]
    if (!rows.every(isObject)) throw invalidBody()
    const { preferences } = context
    const upsert = preferences.resolution === undefined ? undefined : preferences.resolution === 'merge-duplicates' ? 'merge' : 'ignore'
    const statements = buildInsert(relation, context.query, rows, {
      representation: preferences.return === 'representation',
      missingDefault: preferences.missing === 'default',
      upsert,
    })
    return mutate(statements, { representation: 201, minimal: 201 }, context)
  }

  async function update(relation: Relation, context: RequestContext): Promise<HttpResponse> {
    const patch = await readBody(context.request)
    if (!isObject(patch)) throw invalidBody()
    if (Object.keys(patch).length === 0) {
      // PostgREST treats an empty PATCH as a no-op.
      return context.preferences.return === 'representation' ? json(200, []) : { status: 204 }
    }
    const statement = buildUpdate(relation, context.query, patch, { representation: context.preferences.return === 'representation', missingDefault: false })
    return mutate([statement], { representation: 200, minimal: 204 }, context)
  }

  async function remove(relation: Relation, context: RequestContext): Promise<HttpResponse> {
    const statement = buildDelete(relation, context.query, { representation: context.preferences.return === 'representation', missingDefault: false })
    return mutate([statement], { representation: 200, minimal: 204 }, context)
  }

  async function rpc(name: string, request: HttpRequest, claims: JwtClaims | null): Promise<HttpResponse> {
    const candidates = await catalog.functionsNamed(name)
    const readOnly = request.method === 'GET' || request.method === 'HEAD'
    if (!readOnly && request.method !== 'POST') {
      throw new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${request.method}`, details: null, hint: null })
    }
    let args: Record<string, unknown>
    let query: QueryParams
    if (readOnly) {
      const argNames = new Set(candidates.flatMap((fn) => fn.args.map((arg) => arg.name)))
      args = Object.fromEntries([...request.url.searchParams].filter(([key]) => argNames.has(key)))
      query = parseQuery(request.url.searchParams, request.header('range'), argNames)
    } else {
      const body = await readBody(request, {})
      if (!isObject(body)) throw invalidBody()
      args = body
      query = parseQuery(request.url.searchParams, request.header('range'))
    }
    const fn = pickFunction(name, candidates, Object.keys(args))
    const statements = buildRpc(fn, args, query)
    const preferences = parsePreferences(request.header('prefer'))
    const single = wantsObject(request)
    return withClaims(db, claims, async (tx) => {
      if (readOnly) await tx.query('SET TRANSACTION READ ONLY')
      const rows = await runRows(tx, statements.rows)
      const total = preferences.count ? await runCount(tx, statements.count) : undefined
      if (fn.returns === 'void') return { status: 204 }
      const headers = { 'Content-Range': contentRange(query.offset ?? 0, rows.n, total) }
      if (fn.returnsSet || single) {
        const { body, type } = rowsBody(rows, single)
        return { status: 200, headers: { ...headers, 'Content-Type': type }, body }
      }
      return { status: 200, headers: { ...headers, 'Content-Type': JSON_TYPE }, body: rows.first ?? 'null' }
    })
  }

  return async (request) => {
    let anonymous = true
    try {
      const claims = await requestClaims(request)
      anonymous = (claims?.role ?? 'anon') === 'anon'
      checkProfile(request)
      const segments = pathSegments(request.url.pathname)
      if (segments.length === 2 && segments[0] === 'rpc') return await rpc(segments[1]!, request, claims)
      if (segments.length === 1) {
        const context: RequestContext = {
          request,
          claims,
          query: parseQuery(request.url.searchParams, request.header('range')),
          preferences: parsePreferences(request.header('prefer')),
          single: wantsObject(request),
        }
        return await table(segments[0]!, context)
      }
      if (segments.length === 0 && request.method === 'GET') {
        return json(200, { swagger: '2.0', info: { title: 'Supabase local stand-in (PostgREST subset)', version: '12' }, paths: {} })
      }
      throw invalidPath()
    } catch (error) {
      const restError = toRestError(error, anonymous)
      if (!restError) throw error
      return json(restError.status, restError.body, restError.headers)
    }
  }
}

function invalidPath(): RestError {
  return new RestError(404, { code: 'PGRST125', message: 'Invalid path specified in request URL', details: null, hint: null })
}

/** The decoded path segments after /rest/v1; a segment that does not decode makes the path invalid. */
function pathSegments(pathname: string): string[] {
  const raw = pathname.replace(/^\/rest\/v1\/?/, '').split('/').filter(Boolean)
  try {
    return raw.map((segment) => decodeURIComponent(segment))
  } catch {
    throw invalidPath()
  }
}

function wantsObject(request: HttpRequest): boolean {
  return (request.header('accept') ?? '').includes(OBJECT_MEDIA_TYPE)
}

function pickFunction(name: string, candidates: DbFunction[], keys: string[]): DbFunction {
  const matches = candidates.filter(
    (fn) => keys.every((key) => fn.args.some((arg) => arg.name === key)) && fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name)),
  )
  if (matches.length === 1) return matches[0]!
  const signature = `${SCHEMA}.${name}(${[...keys].sort().join(', ')})`
  if (matches.length > 1) {
    throw new RestError(300, { code: 'PGRST203', message: `Could not choose the best candidate function between: ${matches.map((fn) => `${SCHEMA}.${fn.name}`).join(', ')}`, details: null, hint: null })
  }
  const known = candidates[0]
  throw new RestError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${signature} in the schema cache`,
    details: `Searched for the function ${SCHEMA}.${name} with ${keys.length ? `parameters ${[...keys].sort().join(', ')}` : 'no parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint: known ? `Perhaps you meant to call the function ${SCHEMA}.${known.name}(${known.args.map((arg) => arg.name).join(', ')})` : null,
  })
}
