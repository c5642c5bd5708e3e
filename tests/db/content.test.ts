import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { parseMarkdown } from '../../src/components/markdown/parse-markdown.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// The blog and the FAQ as data, on PGlite and PostgreSQL 15: the site's four articles and ten
// answers are there as they read; visitors read what is published and due, admins drafts too; a
// slug is unique per language and an old one still names its article, and only it; nobody writes through the tables.

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: JwtClaims & { sub: string }
  let customer: JwtClaims & { sub: string }

  /** An article in the given state, with Spanish text only; its id. */
  async function article(status: 'draft' | 'published', publishedAt: string | null, slug = `prueba-${randomUUID().slice(0, 8)}`) {
    const [{ id }] = (await db.owner<{ id: string }>(
      `insert into public.articles (category, author_name, status, published_at) values ('events', 'Equipo', $1, $2) returning id`,
      [status, publishedAt],
    )) as [{ id: string }]
    await db.owner(`insert into public.article_texts (article_id, lang, slug, title) values ($1, 'es', $2, 'Prueba')`, [id, slug])
    return id
  }
  const visible = async (caller: JwtClaims | null, id: string) => ({
    article: (await db.as(caller)(`select id from public.articles where id = $1`, [id])).length,
    texts: (await db.as(caller)(`select slug from public.article_texts where article_id = $1`, [id])).length,
    slugs: (await db.as(caller)(`select slug from public.article_slugs where article_id = $1`, [id])).length,
  })

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
  }, 60_000)
  afterAll(() => db?.close())

  it('the four articles are published in both languages under readable slugs, their old links kept', async () => {
    const texts = await db.as(null)<{ lang: string; slug: string; title: string; body_md: string }>(
      `select lang, slug, title, body_md from public.article_texts where slug in ('como-comprar-en-tiendas-de-ee-uu', 'how-to-shop-in-us-stores') order by lang`,
    )
    expect(texts.map(({ lang, slug, title }) => [lang, slug, title])).toEqual([
      ['en', 'how-to-shop-in-us-stores', 'How to shop in US stores with your Miami address'],
      ['es', 'como-comprar-en-tiendas-de-ee-uu', 'Cómo comprar en tiendas de EE. UU. con tu dirección de Miami'],
    ])
    // Paragraphs are Markdown paragraphs.
    expect(texts[1]!.body_md.split('\n\n')).toHaveLength(4)
    // Every stored tree is the one the editor's parser makes of its Markdown.
    const all = await db.as(null)<{ body_md: string; body_tree: unknown }>(`select body_md, body_tree from public.article_texts`)
    expect(all).toHaveLength(8)
    for (const { body_md, body_tree } of all) expect(body_tree).toEqual(parseMarkdown(body_md))
    const counts = await db.as(null)<{ articles: number; texts: number }>(
      `select (select count(*)::int from public.articles) as articles, (select count(*)::int from public.article_texts) as texts`,
    )
    expect(counts).toEqual([{ articles: 4, texts: 8 }])
    const old = await db.as(null)<{ lang: string; slug: string }>(
      `select s.lang, t.slug from public.article_slugs s join public.article_texts t on t.article_id = s.article_id and t.lang = s.lang where s.slug = 'shop-us-stores' order by s.lang`,
    )
    expect(old).toEqual([
      { lang: 'en', slug: 'how-to-shop-in-us-stores' },
      { lang: 'es', slug: 'como-comprar-en-tiendas-de-ee-uu' },
    ])
  })

  it('the ten answers are published in both languages, in order', async () => {
    const faqs = await db.as(null)<{ position: number; question_es: string; question_en: string }>(`select position, question_es, question_en from public.faqs order by position`)
    expect(faqs).toHaveLength(10)
    expect(faqs[0]).toEqual({ position: 1, question_es: '¿Cómo obtengo mi dirección en Miami?', question_en: 'How do I get my Miami address?' })
  })

  it('visitors and customers read what is published and due; a draft or a scheduled article only admins', async () => {
    const published = await article('published', new Date(Date.now() - 60_000).toISOString())
    const scheduled = await article('published', new Date(Date.now() + 3_600_000).toISOString())
    const draft = await article('draft', null)
    const everything = { article: 1, texts: 1, slugs: 1 }
    const nothing = { article: 0, texts: 0, slugs: 0 }
    for (const caller of [null, customer]) {
      expect(await visible(caller, published)).toEqual(everything)
      expect(await visible(caller, scheduled)).toEqual(nothing)
      expect(await visible(caller, draft)).toEqual(nothing)
    }
    for (const id of [published, scheduled, draft]) expect(await visible(admin, id)).toEqual(everything)

    const hidden = (await db.owner<{ id: string }>(`insert into public.faqs (position, published, question_es, answer_es) values (99, false, '¿Oculta?', 'Sí.') returning id`))[0]!.id
    expect(await db.as(null)(`select id from public.faqs where id = $1`, [hidden])).toEqual([])
    expect(await db.as(customer)(`select id from public.faqs where id = $1`, [hidden])).toEqual([])
    expect(await db.as(admin)(`select id from public.faqs where id = $1`, [hidden])).toEqual([{ id: hidden }])
  })

  it('a slug is unique per language; renamed, the old one still names the article', async () => {
    const id = await article('published', '2026-01-01T00:00:00Z', 'nombre-viejo')
    expect(await db.attempt('owner', (query) => query(`insert into public.article_texts (article_id, lang, slug, title) select id, 'es', 'nombre-viejo', 'Otro' from public.articles where id <> $1 limit 1`, [id]))).toMatchObject({ ok: false, code: '23505' })
    // The same slug in the other language is another page.
    await db.owner(`insert into public.article_texts (article_id, lang, slug, title) values ($1, 'en', 'nombre-viejo', 'Old name')`, [id])
    await db.owner(`update public.article_texts set slug = 'nombre-nuevo' where article_id = $1 and lang = 'es'`, [id])
    const slugs = await db.as(null)<{ lang: string; slug: string }>(`select lang, slug from public.article_slugs where article_id = $1 order by lang, slug`, [id])
    expect(slugs).toEqual([
      { lang: 'en', slug: 'nombre-viejo' },
      { lang: 'es', slug: 'nombre-nuevo' },
      { lang: 'es', slug: 'nombre-viejo' },
    ])
    for (const slug of ['Con Mayúsculas', 'a--b', '-a', 'ñandú']) {
      expect(await db.attempt('owner', (query) => query(`update public.article_texts set slug = $2 where article_id = $1 and lang = 'es'`, [id, slug]))).toMatchObject({ ok: false, code: '23514' })
    }
  })

  it('an old slug stays with its article, written in SQL too; a deleted article’s slugs are retired, not freed', async () => {
    const [first, second, other] = ['primero', 'segundo', 'otro'].map((word) => `${word}-${randomUUID().slice(0, 8)}`) as [string, string, string]
    const a = await article('published', '2026-01-01T00:00:00Z', first)
    await db.owner(`update public.article_texts set slug = $2 where article_id = $1 and lang = 'es'`, [a, second])
    const b = await article('published', '2026-01-01T00:00:00Z', other)
    const rename = (slug: string) => db.attempt('owner', (query) => query(`update public.article_texts set slug = $2 where article_id = $1 and lang = 'es'`, [b, slug]))
    expect(await rename(first)).toMatchObject({ ok: false, code: '23505' })
    expect(await db.owner(`select article_id from public.article_slugs where lang = 'es' and slug = $1`, [first])).toEqual([{ article_id: a }])

    await db.owner(`delete from public.articles where id = $1`, [a])
    for (const slug of [first, second]) expect(await rename(slug)).toMatchObject({ ok: false, code: '23505' })
    expect(await db.as(admin)(`select slug from public.article_slugs where slug in ($1, $2)`, [first, second])).toEqual([])
    expect(await rename(`${other}-bis`)).toMatchObject({ ok: true })
  })

  it('nobody writes through the tables, admins neither: the editor has its RPCs', async () => {
    for (const caller of [null, customer, admin]) {
      expect(await db.attempt(caller, (query) => query(`insert into public.articles (category, author_name) values ('events', 'X')`))).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`update public.faqs set answer_en = 'Changed' where position = 1`))).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`delete from public.article_texts`))).toMatchObject({ ok: false, code: '42501' })
    }
  })
})
