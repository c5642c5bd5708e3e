import { readFileSync } from 'node:fs'
import type { SupabaseClient } from '@supabase/supabase-js'
import { demoAdmin, signedIn } from './backend'
import { articlesTitled, freshBlog, scheduleHidden } from './blog-page'
import { expect, test, withServiceWorker } from './fixtures'
import { waitForServiceWorker } from './service-worker'

// The blog and the FAQ come from the database at runtime: what the admin publishes here (through
// the editor's RPCs, as the editor would) shows without a rebuild. The stand-in is shared, so each
// test makes its own articles and answers, names them uniquely, and withdraws them at the end.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const tree = (value: string) => ({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value }] }] })

interface Draft {
  id: string
  version: number
  fields: Record<string, unknown>
}

async function saveArticle(admin: SupabaseClient, draft: Draft, changes: Record<string, unknown>): Promise<Draft> {
  const fields = { ...draft.fields, ...changes }
  const { data, error } = await admin.rpc('save_article', { p_op_id: crypto.randomUUID(), p_id: draft.id, p_base_version: draft.version, p_article: fields })
  if (error) throw new Error(`save_article: ${error.message}`)
  return { id: draft.id, version: (data as { version: number }).version, fields }
}

function articleFields(name: string, publishedAt: Date, cover: string | null) {
  const text = (lang: 'es' | 'en', title: string, body: string) => ({
    slug: `e2e-${lang}-${name}`,
    title,
    excerpt: `${title}: resumen`,
    body_md: body,
    body_tree: tree(body),
    cover_alt: cover ? `Portada ${name}` : '',
  })
  return {
    category: 'events',
    cover_path: cover,
    author_name: 'Equipo E2E',
    status: 'published',
    published_at: publishedAt.toISOString(),
    read_time_minutes: 2,
    texts: { es: text('es', `Artículo ${name}`, `Cuerpo del artículo ${name}.`), en: text('en', `Article ${name}`, `Body of article ${name}.`) },
  }
}

async function uploadCover(admin: SupabaseClient, name: string): Promise<string> {
  const path = `e2e/${name}.png`
  const { error } = await admin.storage.from('content').upload(path, readFileSync('public/icons/icon-192.png'), { contentType: 'image/png' })
  if (error) throw new Error(`cover upload: ${error.message}`)
  return path
}

test('an article published now shows on both blogs and at its own URL without a rebuild, reads offline after one visit, and goes when withdrawn', withServiceWorker, async ({ page, context }) => {
  const admin = await signedIn(demoAdmin)
  const name = tag()
  const cover = await uploadCover(admin, name)
  let article = await saveArticle(admin, { id: crypto.randomUUID(), version: 0, fields: {} }, articleFields(name, new Date(Date.now() - 60_000), cover))
  try {
    const es = await freshBlog(page, '/es/blog')
    await expect(es.getByRole('heading', { level: 2, name: `Artículo ${name}` })).toBeVisible()
    const en = await freshBlog(page, '/en/blog')
    await expect(en.getByRole('heading', { level: 2, name: `Article ${name}` })).toBeVisible()

    // One visit online keeps every published article (both languages) and its cover for offline reading.
    await waitForServiceWorker(page)
    await page.reload()
    await expect
      .poll(() =>
        page.evaluate(
          async ({ id, cover }) => {
            const api = await (await caches.open('content-api')).keys()
            const covers = await (await caches.open('content-covers')).keys()
            return api.some((request) => request.url.includes(`article_id=eq.${id}`)) && covers.some((request) => request.url.endsWith(cover))
          },
          { id: article.id, cover },
        ),
      )
      .toBe(true)

    await page.goto(`/es/blog/e2e-es-${name}`)
    await expect(page.getByRole('heading', { level: 1, name: `Artículo ${name}` })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(`Cuerpo del artículo ${name}.`)

    await context.setOffline(true)
    await page.goto(`/en/blog/e2e-en-${name}`)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: `Article ${name}` })).toBeVisible()
    await expect(main).toContainText(`Body of article ${name}.`)
    const image = main.getByRole('img', { name: `Portada ${name}` })
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    await context.setOffline(false)

    article = await saveArticle(admin, article, { status: 'draft' })
    const after = await freshBlog(page, '/es/blog')
    await expect(after.getByRole('heading', { level: 2, name: 'Reglas de aduana que debes conocer antes de enviar' })).toBeVisible()
    await expect(after.getByRole('heading', { name: `Artículo ${name}` })).toHaveCount(0)
    await page.goto(`/es/blog/e2e-es-${name}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
  } finally {
    await context.setOffline(false)
    if (article.fields.status !== 'draft') await saveArticle(admin, article, { status: 'draft' })
  }
})

test('an article scheduled for later shows once it is due', async ({ page }) => {
  const admin = await signedIn(demoAdmin)
  const name = tag()
  let article: Draft = { id: crypto.randomUUID(), version: 0, fields: {} }
  try {
    await scheduleHidden(
      3_000,
      async (due) => {
        article = await saveArticle(admin, article, articleFields(name, new Date(due), null))
      },
      async () => {
        const hidden = (await articlesTitled(page, '/en/blog', `Article ${name}`)) === 0
        await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Customs rules you should know before you ship' })).toBeVisible()
        return hidden
      },
    )
    await expect(async () => {
      const main = await freshBlog(page, '/en/blog')
      await expect(main.getByRole('heading', { level: 2, name: `Article ${name}` })).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 45_000 })
  } finally {
    if (article.version > 0) await saveArticle(admin, article, { status: 'draft' })
  }
})

test('an answer added or changed in the database shows on the FAQ', async ({ page }) => {
  const admin = await signedIn(demoAdmin)
  const name = tag()
  const id = crypto.randomUUID()
  const save = async (version: number, faq: Record<string, unknown>) => {
    const { data, error } = await admin.rpc('save_faq', { p_op_id: crypto.randomUUID(), p_id: id, p_base_version: version, p_faq: faq })
    if (error) throw new Error(`save_faq: ${error.message}`)
    return (data as { version: number }).version
  }
  // In Spanish only: the English FAQ, which other tests count, does not change.
  const question = `¿Pregunta ${name}?`
  let version = await save(0, { question_es: question, answer_es: `Primera respuesta ${name}.` })
  try {
    await page.goto('/es/faqs')
    const main = page.getByRole('main')
    await main.getByRole('button', { name: question }).click()
    await expect(main.getByRole('region', { name: question })).toHaveText(`Primera respuesta ${name}.`)

    version = await save(version, { question_es: question, answer_es: `Respuesta corregida ${name}.` })
    await page.reload()
    await main.getByRole('button', { name: question }).click()
    await expect(main.getByRole('region', { name: question })).toHaveText(`Respuesta corregida ${name}.`)
  } finally {
    await save(version, { question_es: question, answer_es: `Respuesta corregida ${name}.`, published: false })
  }
})

test('each language has an Atom feed of the published articles, linked from the blog', async ({ page, request }) => {
  for (const [lang, title] of [
    ['es', 'Reglas de aduana que debes conocer antes de enviar'],
    ['en', 'Customs rules you should know before you ship'],
  ] as const) {
    await page.goto(`/${lang}/blog`)
    const href = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')
    expect(new URL(href!).pathname).toBe(`/${lang}/blog/feed.xml`)
    const feed = await request.get(`/${lang}/blog/feed.xml`)
    expect(feed.ok()).toBe(true)
    const xml = await feed.text()
    expect(xml).toContain(`xml:lang="${lang}"`)
    expect(xml.match(/<entry>/g)).toHaveLength(4)
    expect(xml).toContain(`<title>${title}</title>`)
  }
})

test('an article’s old address (its first id) shows it at its readable URL', async ({ page }) => {
  await page.goto('/es/blog/customs-rules')
  await expect(page).toHaveURL(/\/es\/blog\/reglas-de-aduana-antes-de-enviar$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Reglas de aduana que debes conocer antes de enviar' })).toBeVisible()
  await page.goto('/en/blog/customs-rules')
  await expect(page).toHaveURL(/\/en\/blog\/customs-rules-before-you-ship$/)
})
