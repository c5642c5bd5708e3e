// The shortest query for the whole history is the same on the device and in the database, on PGlite
// and PostgreSQL 15: random queries around 3 characters (emoji among them, blanks around) go to
// historyQuery and, as it sends them, to search_history itself as an admin.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { historyQuery } from '@/features/admin/history/history-query'
import { historyQueryMinLength } from '@/remote/history'
import { textOf } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

const queryArb = textOf(fc.integer({ min: 0, max: historyQueryMinLength + 1 }))

describe.each(engines)('the history’s shortest query, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  it('search and refuse the same queries', async () => {
    const admin = await createApiUser(db, true)
    await fc.assert(
      fc.asyncProperty(fc.array(queryArb, { minLength: 20, maxLength: 20 }), async (queries) => {
        const searched = queries.map(historyQuery)
        // A query the device keeps to itself is sent as typed, to see what the server would say.
        const database = await verdicts(db, admin, `select public.search_history($1 #>> '{}')`, searched.map((sent, index) => sent ?? queries[index]!.trim()))
        queries.forEach((query, index) => expect(searched[index] !== null, JSON.stringify({ query, database: database[index] })).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })
})
