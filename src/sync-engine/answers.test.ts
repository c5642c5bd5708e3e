import { describe, expect, it } from 'vitest'
import { changeFailure, failure } from './answers'

// Only an answer from the service itself that names why turns a change into a refusal; anything
// else is tried again later, however long it lasts.

const postgrest = (code: string, message = 'refused') => ({ code, message, details: null, hint: null })

describe('an error answer', () => {
  it('refuses on a 4xx whose body is the service’s own: PostgREST’s code, GoTrue’s error code, Storage’s status code', () => {
    expect(failure(400, postgrest('P0001', 'Prealert not found'))).toEqual({ kind: 'refused', message: 'Prealert not found', key: { code: 'P0001', hint: null, details: null } })
    expect(failure(409, postgrest('PT409'))).toMatchObject({ kind: 'refused' })
    expect(failure(404, postgrest('PGRST202'))).toMatchObject({ kind: 'refused' })
    expect(failure(403, postgrest('42501'))).toMatchObject({ kind: 'refused' })
    expect(failure(422, { message: 'Password is too weak', code: 'weak_password' })).toMatchObject({ kind: 'refused' })
    expect(failure(403, { message: 'new row violates row-level security policy', code: '403' })).toMatchObject({ kind: 'refused' })
  })

  it('tries again on no answer, any 5xx, 408, 425 and 429, whatever the body says', () => {
    expect(failure(0, { message: 'TypeError: Failed to fetch', code: '' })).toEqual({ kind: 'unanswered', message: 'TypeError: Failed to fetch' })
    for (const status of [500, 502, 503, 504, 520]) expect(failure(status, postgrest('XX000'))).toMatchObject({ kind: 'later' })
    for (const status of [408, 425, 429]) expect(failure(status, { message: 'slow down', code: 'over_request_rate_limit' })).toMatchObject({ kind: 'later' })
  })

  it('tries again on a 4xx that does not say why: a gateway’s page, an empty body, or a database error that means “not now”', () => {
    expect(failure(404, { message: '<html>Not Found</html>' })).toMatchObject({ kind: 'later' })
    expect(failure(403, { message: '', code: '' })).toMatchObject({ kind: 'later' })
    expect(failure(400, postgrest('40001', 'could not serialize access'))).toMatchObject({ kind: 'later' })
    expect(failure(400, postgrest('55P03', 'lock not available'))).toMatchObject({ kind: 'later' })
  })

  it('asks for a new session on 401; a request too large is refused by its status alone, as it never fits later', () => {
    expect(failure(401, postgrest('PGRST301', 'JWT expired'))).toEqual({ kind: 'unauthorized', message: 'JWT expired' })
    expect(failure(413, { message: 'Request size limit exceeded' })).toMatchObject({ kind: 'refused', key: { hint: 'too_large' } })
  })
})

describe('one change of a batch', () => {
  it('is refused for what the database named, tried again for what is transient or missing', () => {
    expect(changeFailure(postgrest('PT404', 'package x not found'))).toEqual({ kind: 'refused', message: 'package x not found', key: { code: 'PT404', hint: null, details: null } })
    // The key and values the database gave the refusal go with it, to say it in the reader's language later.
    expect(changeFailure({ code: 'PT404', message: 'package x not found', hint: 'package_not_found', details: '{"package": "x"}' })).toMatchObject({
      key: { code: 'PT404', hint: 'package_not_found', details: '{"package": "x"}' },
    })
    expect(changeFailure(postgrest('40P01', 'deadlock detected'))).toMatchObject({ kind: 'later' })
    expect(changeFailure(undefined)).toMatchObject({ kind: 'later' })
  })
})
