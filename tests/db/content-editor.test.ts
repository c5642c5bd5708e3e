import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { parseMarkdown } from '../../src/components/markdown/parse-markdown.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// The content editor's writes on PGlite and PostgreSQL 15: admins only, exactly once per op, never
// over someone else's change, refused with a key the app translates.

type Caller = JwtClaims & { sub: string }

const text = (slug: string, title = 'Título', body = 'Un *cuerpo*.') => ({ slug, title, excerpt: 'Resumen', body_md: body, body_tree: parseMarkdown(body), cover_alt: '' })
const draft = (slug: string) => ({ category: 'events', author_name: 'Equipo', status: 'draft', published_at: null, read_time_minutes: 3, texts: { es: text(slug) } })

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: Caller
  let otherAdmin: Caller
  let customer: Caller

  const call = (caller: JwtClaims | null, fn: string, args: unknown[]) =>
    db.attempt(caller, (query) => query<{ result: Record<string, unknown> }>(`select public.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as result`, args.map((arg) => (typeof arg === 'object' && arg !== null ? JSON.stringify(arg) : arg))))
  /** Committed, as `caller`: the function's result, or its refusal's SQLSTATE, key and detail. */
  async function commit(caller: JwtClaims, fn: string, args: unknown[]) {
    try {
      const [row] = await db.as(caller)<{ result: Record<string, unknown> }>(`select public.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as result`, args.map((arg) => (typeof arg === 'object' && arg !== null ? JSON.stringify(arg) : arg)))
      return { ok: true as const, value: row!.result }
    } catch (error) {
      const { code, hint, detail } = error as { code: string; hint?: string; detail?: string }
      return { ok: false as const, code, key: hint, detail }
    }
  }

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    otherAdmin = await createApiUser(db, true)
    customer = await createApiUser(db)
  }, 60_000)
  afterAll(() => db?.close())

  it('an admin creates a draft; a replay of the op changes nothing; visitors do not see it until it is published and due', async () => {
    const id = randomUUID()
    const op = randomUUID()
    const saved = await commit(admin, 'save_article', [op, id, 0, draft(`borrador-${id.slice(0, 8)}`)])
    expect(saved).toMatchObject({ ok: true, value: { id, version: 1, status: 'draft', updated_by: admin.sub, texts: { es: { title: 'Título' } } } })
    expect(await commit(admin, 'save_article', [op, id, 0, draft(`borrador-${id.slice(0, 8)}`)])).toEqual(saved)
    expect(await db.as(null)(`select id from public.articles where id = $1`, [id])).toEqual([])

    const published = { ...draft(`borrador-${id.slice(0, 8)}`), status: 'published', published_at: new Date(Date.now() - 1000).toISOString() }
    expect(await commit(admin, 'save_article', [randomUUID(), id, 1, published])).toMatchObject({ ok: true, value: { version: 2, status: 'published' } })
    expect(await db.as(null)(`select slug from public.article_texts where article_id = $1`, [id])).toEqual([{ slug: `borrador-${id.slice(0, 8)}` }])
  })

  it('a change made from an older version is refused, not written over the newer one', async () => {
    const id = randomUUID()
    await commit(admin, 'save_article', [randomUUID(), id, 0, draft(`carrera-${id.slice(0, 8)}`)])
    const mine = { ...draft(`carrera-${id.slice(0, 8)}`), author_name: 'Yo' }
    const theirs = { ...draft(`carrera-${id.slice(0, 8)}`), author_name: 'Otra' }
    expect(await commit(otherAdmin, 'save_article', [randomUUID(), id, 1, theirs])).toMatchObject({ ok: true, value: { version: 2 } })
    expect(await commit(admin, 'save_article', [randomUUID(), id, 1, mine])).toEqual({ ok: false, code: 'PT409', key: 'content_changed', detail: '2' })
    expect(await db.owner(`select author_name, version from public.articles where id = $1`, [id])).toEqual([{ author_name: 'Otra', version: 2 }])
    // Creating an article that exists is the same refusal.
    expect(await commit(admin, 'save_article', [randomUUID(), id, 0, mine])).toMatchObject({ ok: false, key: 'content_changed' })
  })

  it('languages: one is enough, one left out is removed, a taken slug is refused in its language', async () => {
    const id = randomUUID()
    const both = { ...draft(`dos-${id.slice(0, 8)}`), texts: { es: text(`dos-${id.slice(0, 8)}`), en: text(`two-${id.slice(0, 8)}`, 'Title') } }
    expect(await commit(admin, 'save_article', [randomUUID(), id, 0, both])).toMatchObject({ ok: true, value: { texts: { es: {}, en: {} } } })
    expect((await commit(admin, 'save_article', [randomUUID(), id, 1, { ...both, texts: { en: both.texts.en } }])).ok).toBe(true)
    expect(await db.owner(`select lang from public.article_texts where article_id = $1`, [id])).toEqual([{ lang: 'en' }])
    const other = randomUUID()
    expect(await commit(admin, 'save_article', [randomUUID(), other, 0, { ...draft('x'), texts: { en: text(`two-${id.slice(0, 8)}`) } }])).toMatchObject({ ok: false, code: '23505', key: 'slug_taken', detail: 'en' })
    expect(await db.owner(`select id from public.articles where id = $1`, [other])).toEqual([])
  })

  it('an old slug stays with its article: another cannot take it, new or renamed, and the article may take it back', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
    const [x, y] = [`viejo-${a.slice(0, 8)}`, `nuevo-${a.slice(0, 8)}`]
    const slugOwner = async (slug: string) => (await db.as(admin)<{ article_id: string }>(`select article_id from public.article_slugs where lang = 'es' and slug = $1`, [slug]))[0]?.article_id
    expect((await commit(admin, 'save_article', [randomUUID(), a, 0, draft(x)])).ok).toBe(true)
    expect((await commit(admin, 'save_article', [randomUUID(), a, 1, draft(y)])).ok).toBe(true)

    expect(await commit(otherAdmin, 'save_article', [randomUUID(), b, 0, draft(x)])).toEqual({ ok: false, code: '23505', key: 'slug_taken', detail: 'es' })
    expect(await db.owner(`select id from public.articles where id = $1`, [b])).toEqual([])
    expect(await slugOwner(x)).toBe(a)
    // Renamed to it, another article is refused the same way; in the other language it is free.
    expect((await commit(admin, 'save_article', [randomUUID(), c, 0, draft(`otro-${c.slice(0, 8)}`)])).ok).toBe(true)
    expect(await commit(admin, 'save_article', [randomUUID(), c, 1, draft(x)])).toEqual({ ok: false, code: '23505', key: 'slug_taken', detail: 'es' })
    expect(await commit(admin, 'save_article', [randomUUID(), c, 1, { ...draft(x), texts: { en: text(x, 'Title') } }])).toMatchObject({ ok: true })

    // Its slugs come back with it, for the editor to check against.
    expect(await commit(admin, 'save_article', [randomUUID(), a, 2, draft(x)])).toMatchObject({ ok: true, value: { texts: { es: { slug: x } }, slugs: [{ lang: 'es', slug: y }, { lang: 'es', slug: x }] } })
  })

  it('what an article needs, each refusal with its key', async () => {
    const id = randomUUID()
    const base = draft(`reglas-${id.slice(0, 8)}`)
    const refusals: [unknown, string, string?][] = [
      [{ ...base, texts: {} }, 'no_language'],
      [{ ...base, texts: { fr: text('a') } }, 'bad_languages'],
      [{ ...base, category: 'gossip' }, 'bad_category'],
      [{ ...base, author_name: ' ' }, 'author_needed'],
      [{ ...base, status: 'published', published_at: null }, 'published_needs_time'],
      [{ ...base, texts: { es: text('Con Mayúsculas') } }, 'bad_slug', 'es'],
      [{ ...base, texts: { es: text('a--b') } }, 'bad_slug', 'es'],
      [{ ...base, texts: { en: text('ok', '  ') } }, 'title_needed', 'en'],
      [{ ...base, status: 'published', published_at: '2026-01-01T00:00:00Z', texts: { es: text('ok', 'Título', '') } }, 'body_needed', 'es'],
      [{ ...base, status: 'published', published_at: '2026-01-01T00:00:00Z', cover_path: `${id}/cover.webp` }, 'cover_needs_alt', 'es'],
    ]
    for (const [article, key, detail] of refusals) {
      expect(await call(admin, 'save_article', [randomUUID(), id, 0, article]), key).toMatchObject({ ok: false, code: '22023' })
      expect(await commit(admin, 'save_article', [randomUUID(), id, 0, article]), key).toMatchObject({ ok: false, key, ...(detail ? { detail } : {}) })
    }
  })

  it('only admins edit: customers and visitors are refused, and an op id is not reused for another change', async () => {
    const id = randomUUID()
    expect(await commit(customer, 'save_article', [randomUUID(), id, 0, draft(`cliente-${id.slice(0, 8)}`)])).toMatchObject({ ok: false, code: '42501', key: 'admins_only' })
    expect(await call(null, 'save_article', [randomUUID(), id, 0, draft('x')])).toMatchObject({ ok: false, code: '42501' })
    expect(await commit(customer, 'save_faq', [randomUUID(), id, 0, { question_es: '¿?', answer_es: 'Sí' }])).toMatchObject({ ok: false, key: 'admins_only' })
    const op = randomUUID()
    await commit(admin, 'save_article', [op, id, 0, draft(`unica-${id.slice(0, 8)}`)])
    expect(await commit(admin, 'save_article', [op, id, 1, draft(`otra-${id.slice(0, 8)}`)])).toMatchObject({ ok: false, code: 'PT409', key: 'op_reused' })
  })

  it('answers: added last, edited from their version, hidden, moved (keyboard steps too) without losing the others’ order', async () => {
    const ids = await db.owner<{ id: string }>(`select id from public.faqs order by position`)
    const added = randomUUID()
    const op = randomUUID()
    const saved = await commit(admin, 'save_faq', [op, added, 0, { question_es: '¿Nueva?', answer_es: 'Sí.', question_en: 'New?', answer_en: 'Yes.' }])
    expect(saved).toMatchObject({ ok: true, value: { id: added, version: 1, published: true } })
    expect(await commit(admin, 'save_faq', [op, added, 0, { question_es: '¿Nueva?', answer_es: 'Sí.', question_en: 'New?', answer_en: 'Yes.' }])).toEqual(saved)
    expect((await db.owner<{ id: string }>(`select id from public.faqs order by position desc limit 1`))[0]!.id).toBe(added)

    expect(await commit(admin, 'save_faq', [randomUUID(), added, 1, { question_es: '¿Nueva?', answer_es: 'Sí.', published: false }])).toMatchObject({ ok: true, value: { version: 2, published: false, question_en: null } })
    expect(await commit(otherAdmin, 'save_faq', [randomUUID(), added, 1, { question_es: '¿Otra?', answer_es: 'No.' }])).toMatchObject({ ok: false, key: 'content_changed', detail: '2' })
    expect(await commit(admin, 'save_faq', [randomUUID(), added, 2, { question_es: '¿Sola?' }])).toMatchObject({ ok: false, code: '22023', key: 'faq_needs_text' })

    const order = async () => (await db.owner<{ id: string }>(`select id from public.faqs order by position`)).map((row) => row.id)
    expect(await commit(admin, 'move_faq', [randomUUID(), added, 1])).toMatchObject({ ok: true })
    expect(await order()).toEqual([added, ...ids.map((row) => row.id)])
    // One step down, as the keyboard moves it.
    await commit(admin, 'move_faq', [randomUUID(), added, 2])
    expect(await order()).toEqual([ids[0]!.id, added, ...ids.slice(1).map((row) => row.id)])
    await commit(admin, 'move_faq', [randomUUID(), added, 999])
    expect(await order()).toEqual([...ids.map((row) => row.id), added])
    expect(await db.owner(`select array_agg(position order by position) as positions from public.faqs`)).toEqual([{ positions: Array.from({ length: ids.length + 1 }, (_, i) => i + 1) }])
    expect(await commit(admin, 'move_faq', [randomUUID(), randomUUID(), 1])).toMatchObject({ ok: false, code: 'PT404', key: 'faq_not_found' })
  })
})
