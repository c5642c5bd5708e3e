import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusalTexts } from '@/components/refusals/refusal-texts'
import { type Db, openEmptyDatabase } from './helpers.ts'

// Every refusal a live function raises carries a stable key (its HINT) that the app says in the
// reader's language: read from the catalog after all migrations, so a function redefined later
// without keys, or a key the app does not know, fails here.

interface Raise {
  fn: string
  statement: string
  key: string | undefined
}

describe('refusal keys of the live functions', () => {
  let db: Db
  let raises: Raise[]

  beforeAll(async () => {
    db = await openEmptyDatabase()
    const { rows } = await db.query<{ fn: string; src: string }>(
      `select n.nspname || '.' || p.proname as fn, p.prosrc as src
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosrc ~* '\\mraise\\M'`,
    )
    raises = rows.flatMap(({ fn, src }) =>
      [...src.replace(/--[^\n]*/g, '').matchAll(/\braise\s+(?:exception|sqlstate|using|')[\s\S]*?;/gi)].map(([statement]) => ({
        fn,
        statement,
        key: /\bhint\s*=\s*'(\w+)'/i.exec(statement)?.[1],
      })),
    )
  })

  afterAll(() => db.close())

  it('finds the functions that refuse', () => {
    expect(raises.length).toBeGreaterThan(100)
    expect(raises.map(({ fn }) => fn)).toEqual(expect.arrayContaining(['public.request_shipment', 'public.packages_hold_in_open_shipment', 'public.save_article']))
  })

  it('every raise says its key in its hint', () => {
    expect(raises.filter(({ key }) => !key).map(({ fn, statement }) => `${fn}: ${statement}`)).toEqual([])
  })

  it('every key has a text in the app', () => {
    const keys = [...new Set(raises.flatMap(({ key }) => (key ? [key] : [])))]
    expect(keys).toEqual(expect.arrayContaining(['package_in_open_shipment', 'admins_only', 'not_signed_in', 'clock_ahead', 'op_reused', 'content_changed']))
    expect(keys.filter((key) => !Object.hasOwn(refusalTexts, key))).toEqual([])
  })
})
