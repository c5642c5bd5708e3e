import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusalTexts } from '@/components/refusals/refusal-texts'
import { appI18n } from '../unit/app-i18n.ts'
import { type Db, openEmptyDatabase } from './helpers.ts'

// Every refusal a live function raises carries a stable key (its HINT) that the app says in the
// reader's language: read from the catalog after all migrations, so a function redefined later
// without keys, or a key the app does not know, fails here. A number a refusal carries in its
// detail (a limit: min, max, max_usd…) is the one its text says, never one the text retypes.

interface Raise {
  fn: string
  statement: string
  key: string | undefined
}

/** The names of the values a raise's detail carries (jsonb_build_object('min', 1, 'max', 20)). */
const detailNames = (statement: string): string[] => {
  const detail = /\bdetail\s*=\s*([\s\S]*)$/i.exec(statement)?.[1] ?? ''
  return [...detail.matchAll(/(?:\(|,)\s*'(\w+)'\s*,/g)].map(([, name]) => name!)
}
const isLimit = (name: string) => /^(min|max)(_[a-z]+)?$/.test(name)
/** What the other names of a detail hold, for a text to be said. */
const otherValues: Record<string, string> = { field: 'city', item: 'p_items[0]', target: 'prealert' }

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

  it('every limit a refusal carries is the one its text says, in both languages', () => {
    const limits = new Map<string, Set<string>>()
    for (const { key, statement } of raises) {
      for (const name of detailNames(statement)) if (key && isLimit(name)) limits.set(key, (limits.get(key) ?? new Set()).add(name))
    }
    expect([...limits.keys()]).toEqual(expect.arrayContaining(['package_count', 'item_value_range', 'report_too_long', 'history_query_short']))
    const unsaid = [...limits].flatMap(([key, names]) => {
      // Numbers no text would retype: a text that says them read them from the detail.
      const detail: Record<string, number | string> = Object.fromEntries([...names].map((name, index) => [name, 37 + 10 * index]))
      for (const { statement } of raises.filter((raise) => raise.key === key)) {
        for (const name of detailNames(statement)) if (!isLimit(name)) detail[name] = otherValues[name] ?? name
      }
      return (['en', 'es'] as const).flatMap((lang) => {
        const text = refusalTexts[key]!(appI18n(lang), detail)
        return [...names].filter((name) => !text.includes(String(detail[name]))).map((name) => `${key}.${name} (${lang}): ${text}`)
      })
    })
    expect(unsaid).toEqual([])
  })
})
