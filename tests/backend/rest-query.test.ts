import { describe, expect, it } from 'vitest'
import type { Relation } from '../../supabase/local/rest/catalog'
import { RestError } from '../../supabase/local/rest/errors'
import { parseFilter, parseLogicTree, parseOrder, parsePreferences, parseQuery, parseRange, parseSelect } from '../../supabase/local/rest/query'
import { buildDelete, buildSelect, buildUpdate, quoteIdent } from '../../supabase/local/rest/sql'

function rejected(fn: () => unknown): RestError {
  try {
    fn()
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error('expected a RestError')
}

const packages: Relation = {
  schema: 'public',
  name: 'packages',
  columns: new Map(['id', 'status', 'weight_kg', 'created_at'].map((name) => [name, { name, type: 'text' }])),
  primaryKey: ['id'],
}

describe('select', () => {
  it('reads *, column lists, aliases and quoted names', () => {
    expect(parseSelect(null)).toEqual([{ star: true }])
    expect(parseSelect('*')).toEqual([{ star: true }])
    expect(parseSelect('id,status')).toEqual([
      { star: false, column: 'id' },
      { star: false, column: 'status' },
    ])
    expect(parseSelect('code:id')).toEqual([{ star: false, alias: 'code', column: 'id' }])
    expect(parseSelect('"odd ""name"""')).toEqual([{ star: false, column: 'odd "name"' }])
  })

  it.each(['id;drop table packages', 'id,status--', "id'", 'id)', 'profiles(*)', 'id::text', 'a b'])('rejects %s with 400 PGRST100', (raw) => {
    const error = rejected(() => parseSelect(raw))
    expect(error.status).toBe(400)
    expect(error.body.code).toBe('PGRST100')
  })
})

describe('order', () => {
  it('reads direction and nulls placement', () => {
    expect(parseOrder('created_at.desc.nullslast,id')).toEqual([
      { column: 'created_at', descending: true, nulls: 'last' },
      { column: 'id', descending: false },
    ])
  })

  it.each(['id;--', 'id.desc;--', 'id.sideways', 'id desc', '(select 1)'])('rejects %s', (raw) => {
    expect(rejected(() => parseOrder(raw)).status).toBe(400)
  })
})

describe('filters', () => {
  it('reads operators, negation, lists and is', () => {
    expect(parseFilter('status', 'eq.recibido')).toEqual({ column: 'status', negated: false, operator: 'eq', value: 'recibido' })
    expect(parseFilter('weight_kg', 'gte.1.5')).toMatchObject({ operator: 'gte', value: '1.5' })
    expect(parseFilter('status', 'not.in.(a,"b,c",d)')).toEqual({ column: 'status', negated: true, operator: 'in', value: ['a', 'b,c', 'd'] })
    expect(parseFilter('tracking_code', 'is.null')).toMatchObject({ operator: 'is', value: 'null' })
    expect(parseFilter('email', 'ilike.*@example.com')).toMatchObject({ operator: 'ilike', value: '*@example.com' })
  })

  it.each([
    ['status', 'equals.x'],
    ['status', 'recibido'],
    ['status', 'is.maybe'],
    ['status', 'in.a,b'],
    ['status;drop', 'eq.x'],
  ])('rejects %s=%s', (column, raw) => {
    expect(rejected(() => parseFilter(column, raw)).body.code).toBe('PGRST100')
  })
})

describe('logic trees', () => {
  it('reads nested or/and with quoted values', () => {
    expect(parseLogicTree('or', '(full_name.ilike.*ana*,email.eq."a,b@x.com",and(role.eq.admin,phone.is.null))')).toEqual({
      logic: 'or',
      negated: false,
      conditions: [
        { column: 'full_name', negated: false, operator: 'ilike', value: '*ana*' },
        { column: 'email', negated: false, operator: 'eq', value: 'a,b@x.com' },
        {
          logic: 'and',
          negated: false,
          conditions: [
            { column: 'role', negated: false, operator: 'eq', value: 'admin' },
            { column: 'phone', negated: false, operator: 'is', value: 'null' },
          ],
        },
      ],
    })
    expect(parseLogicTree('not.and', '(id.in.(1,2),status.neq.x)')).toMatchObject({ logic: 'and', negated: true, conditions: [{ operator: 'in', value: ['1', '2'] }, {}] })
  })

  it.each(['(a.eq.1', 'a.eq.1', '()', '(a.eq.1,b)', '(a;drop.eq.1)', '(a.eq.1))'])('rejects or=%s', (raw) => {
    expect(rejected(() => parseLogicTree('or', raw)).body.code).toBe('PGRST100')
  })

  it('become parenthesised SQL with bound values', () => {
    const { rows } = buildSelect(packages, parseQuery(new URLSearchParams({ or: '(status.eq.a,and(id.gt.1,weight_kg.not.is.null))' })))
    expect(rows.text).toContain('WHERE ("status" = $1 OR ("id" > $2 AND NOT ("weight_kg" IS NULL)))')
    expect(rows.params).toEqual(['a', '1'])
  })
})

describe('query string', () => {
  it('separates filters from reserved keys and reads limit/offset', () => {
    const query = parseQuery(new URLSearchParams('select=id&status=eq.recibido&order=id.desc&limit=10&offset=20'))
    expect(query.filters).toHaveLength(1)
    expect(query).toMatchObject({ limit: 10, offset: 20, order: [{ column: 'id', descending: true }] })
  })

  it('takes the Range header when no limit/offset is given', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 })
    expect(parseRange('items=5-')).toEqual({ offset: 5, limit: undefined })
    expect(parseQuery(new URLSearchParams(''), '10-19')).toMatchObject({ offset: 10, limit: 10 })
  })

  it.each(['limit=ten', 'limit=-1', 'offset=1;drop', 'or=a.eq.1', 'select=id&select=status'])('rejects %s', (raw) => {
    expect(rejected(() => parseQuery(new URLSearchParams(raw))).status).toBe(400)
  })

  it('reads Prefer, repeated or comma-joined', () => {
    expect(parsePreferences('return=representation, count=exact,missing=default')).toEqual({ return: 'representation', count: 'exact', missing: 'default' })
    expect(parsePreferences(undefined)).toEqual({ return: 'minimal', missing: 'null' })
  })
})

describe('SQL builder', () => {
  it('binds every value as a parameter and quotes identifiers', () => {
    const evil = "x'; drop table packages; --"
    const { rows, count } = buildSelect(packages, parseQuery(new URLSearchParams({ select: 'id,status', status: `eq.${evil}`, id: 'in.(1,2)' })))
    expect(rows.text).not.toContain(evil)
    expect(rows.text).toContain('"status" = $1')
    expect(rows.text).toContain('"id" IN ($2, $3)')
    expect(rows.params).toEqual([evil, '1', '2'])
    expect(count.params).toEqual(rows.params)
    expect(quoteIdent('a"b')).toBe('"a""b"')
  })

  it('refuses columns the table does not have', () => {
    const error = rejected(() => buildSelect(packages, parseQuery(new URLSearchParams({ select: 'id,password' }))))
    expect(error.body).toMatchObject({ code: '42703', message: 'column packages.password does not exist' })
    expect(rejected(() => buildUpdate(packages, parseQuery(new URLSearchParams({ id: 'eq.1' })), { secret: 1 }, { representation: false, missingDefault: false })).body.code).toBe('PGRST204')
  })

  it('refuses UPDATE and DELETE without filters', () => {
    expect(rejected(() => buildDelete(packages, parseQuery(new URLSearchParams()), { representation: false, missingDefault: false })).body.code).toBe('21000')
  })
})
