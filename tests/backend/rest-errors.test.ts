import { expect, it } from 'vitest'
import { statusForSqlState, toRestError } from '../../supabase/local/rest/errors'

it.each([
  ['23505', false, 409],
  ['23503', false, 409],
  ['23514', false, 400],
  ['22P02', false, 400],
  ['23502', false, 400],
  ['22003', false, 400],
  ['P0001', false, 400],
  ['P0002', false, 500],
  ['42883', false, 404],
  ['42P01', false, 404],
  ['42501', true, 401],
  ['42501', false, 403],
  ['25006', false, 405],
  ['53300', false, 503],
  ['PT418', false, 418],
])('SQLSTATE %s (anonymous %s) is HTTP %i, as PostgREST maps it', (code, anonymous, status) => {
  expect(statusForSqlState(code, anonymous)).toBe(status)
})

it('keeps the Postgres error fields in the PostgREST body', () => {
  const pgError = Object.assign(new Error('new row for relation "packages" violates check constraint "x"'), { code: '23514', detail: 'Failing row contains (…).' })
  const error = toRestError(pgError, false)
  expect(error?.status).toBe(400)
  expect(error?.body).toEqual({ code: '23514', message: pgError.message, details: 'Failing row contains (…).', hint: null })
})

it('anything else is not a REST error: the server logs it and answers 500 without it', () => {
  expect(toRestError(new TypeError('boom'), false)).toBeUndefined()
})
