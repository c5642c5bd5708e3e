import type { Page, Request } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { demoAdmin, logInThroughUi, newClient, signedIn } from './backend'
import { articlesTitled, freshBlog, scheduleHidden } from './blog-page'
import { expect, test, withServiceWorker } from './fixtures'
import { waitForServiceWorker } from './service-worker'

// The content editor at /admin/content, used as the admin does: what it saves reaches the server
// through the outbox, and the public blog and FAQ show it without a rebuild. The stand-in is shared,
// so each test names what it makes uniquely and withdraws it at the end.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

/** A 1×1 PNG, as a cover picked from the device's files. */
const coverPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** Opens a new article in the editor and returns its id (the editor's URL has it). */
async function newArticle(page: Page): Promise<string> {
  await page.goto('/admin/content')
  await page.getByRole('main').getByRole('link', { name: 'New article' }).click()
  await expect(page).toHaveURL(/\/admin\/content\/articles\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('main').getByLabel('Author')).toBeVisible()
  return page.url().split('/').pop()!
}

async function writeLanguage(page: Page, language: 'Spanish' | 'English', text: { title: string; body: string; coverAlt?: string }) {
  const main = page.getByRole('main')
  await main.getByRole('tab', { name: language }).click()
  const panel = main.getByRole('tabpanel', { name: language })
  await panel.getByLabel(`Title (${language})`).fill(text.title)
  await panel.getByLabel(`Text in Markdown (${language})`).fill(text.body)
  if (text.coverAlt) await panel.getByLabel(`Cover description (${language})`).fill(text.coverAlt)
}

/** The English text of the draft this device keeps for `articleId` (what a reload restores), or null. */
function keptEnglishDraft(page: Page, articleId: string) {
  return page.evaluate(async (articleId) => {
    const open = indexedDB.open('casillero')
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const draft = await new Promise<{ texts: { en: { title: string; body_md: string } } } | undefined>((resolve) => {
      const request = db.transaction('articleDrafts').objectStore('articleDrafts').get(articleId)
      request.onsuccess = () => resolve(request.result)
    })
    db.close()
    return draft?.texts.en ?? null
  }, articleId)
}

/** The article's row as the admin's API sees it, once the outbox has delivered the save. */
async function savedArticle(admin: SupabaseClient, id: string) {
  let row: { status: string; published_at: string | null; cover_path: string | null } | null = null
  await expect
    .poll(
      async () => {
        const { data, error } = await admin.from('articles').select('status, published_at, cover_path').eq('id', id).maybeSingle()
        if (error) throw error
        row = data
        return row !== null
      },
      { message: 'the editor’s save reached the server', timeout: 30_000 },
    )
    .toBe(true)
  return row!
}

/** What a visitor's API call returns for the article: nothing until it is published and due. */
async function visibleToVisitors(id: string): Promise<number> {
  const { data, error } = await newClient().from('articles').select('id').eq('id', id)
  if (error) throw error
  return data.length
}

/** Saves the article again with `changes`, keeping its texts. */
async function resave(admin: SupabaseClient, id: string, changes: Record<string, unknown>) {
  const { data: article, error } = await admin.from('articles').select('version, category, cover_path, author_name, status, read_time_minutes, published_at').eq('id', id).maybeSingle()
  if (error) throw error
  if (!article) return
  const { data: texts, error: textsError } = await admin.from('article_texts').select('lang, slug, title, excerpt, body_md, body_tree, cover_alt').eq('article_id', id)
  if (textsError) throw textsError
  const { version, ...fields } = article as { version: number } & Record<string, unknown>
  const { error: saveError } = await admin.rpc('save_article', {
    p_op_id: crypto.randomUUID(),
    p_id: id,
    p_base_version: version,
    p_article: { ...fields, ...changes, texts: Object.fromEntries((texts as { lang: string }[]).map(({ lang, ...text }) => [lang, text])) },
  })
  if (saveError) throw new Error(`save_article: ${saveError.message}`)
}

/** Makes the article a draft again, keeping its texts (the public blog and its feed go back to what they were). */
const withdraw = (admin: SupabaseClient, id: string) => resave(admin, id, { status: 'draft' })

test('an article written in both languages with a cover, previewed and scheduled, shows on both blogs once due', async ({ page }) => {
  test.setTimeout(180_000)
  const admin = await signedIn(demoAdmin)
  const name = tag()
  await logInThroughUi(page, '/admin/login', demoAdmin)
  const id = await newArticle(page)
  try {
    const main = page.getByRole('main')
    await main.getByLabel('Author').fill('Equipo E2E')
    await main.getByLabel('Add a cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng })
    await expect(main.getByTestId('cover-preview')).toBeVisible()
    await writeLanguage(page, 'Spanish', { title: `Artículo editado ${name}`, body: `Cuerpo **editado** ${name}.`, coverAlt: `Portada ${name}` })
    await writeLanguage(page, 'English', { title: `Edited article ${name}`, body: `Edited **body** ${name}.`, coverAlt: `Cover ${name}` })

    await main.getByRole('button', { name: 'Preview' }).click()
    await expect(main.getByTestId('article-preview')).toContainText(`Edited body ${name}.`)
    await main.getByRole('tab', { name: 'Spanish' }).click()
    await expect(main.getByTestId('article-preview')).toContainText(`Cuerpo editado ${name}.`)

    // Scheduled in the editor; should this machine be too slow to look before it is due, again through the API, further ahead.
    const scheduleInEditor = async (due: number) => {
      const local = await page.evaluate((at) => new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 19), due)
      await main.getByLabel('Publish at (for later)').fill(local)
      await main.getByRole('button', { name: 'Schedule' }).click()
      await expect(page).toHaveURL(/\/admin\/content$/)
      const row = main.getByTestId('article-row').filter({ hasText: `Edited article ${name}` })
      await expect(row).toContainText('Scheduled')

      const saved = await savedArticle(admin, id)
      expect(saved.status).toBe('published')
      expect(Date.parse(saved.published_at!)).toBe(due)
      expect(saved.cover_path).toBeTruthy()
    }
    await scheduleHidden(
      8_000,
      (due, first) => (first ? scheduleInEditor(due) : resave(admin, id, { published_at: new Date(due).toISOString() })),
      async () => (await visibleToVisitors(id)) === 0 && (await articlesTitled(page, '/es/blog', `Artículo editado ${name}`)) === 0,
    )

    await expect.poll(() => visibleToVisitors(id), { timeout: 90_000 }).toBe(1)
    await expect(async () => {
      const blog = await freshBlog(page, '/es/blog')
      await expect(blog.getByRole('heading', { level: 2, name: `Artículo editado ${name}` })).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 30_000 })
    const en = await freshBlog(page, '/en/blog')
    await expect(en.getByRole('heading', { level: 2, name: `Edited article ${name}` })).toBeVisible()
  } finally {
    await withdraw(admin, id)
  }
})

test('an article saved as a draft stays hidden from visitors, and a draft being typed survives an offline reload', withServiceWorker, async ({ page, context }) => {
  const admin = await signedIn(demoAdmin)
  const name = tag()
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await waitForServiceWorker(page)
  const id = await newArticle(page)
  try {
    const main = page.getByRole('main')
    await main.getByLabel('Author').fill('Equipo E2E')
    await writeLanguage(page, 'Spanish', { title: `Borrador ${name}`, body: `Cuerpo del borrador ${name}.` })
    await writeLanguage(page, 'English', { title: `Draft ${name}`, body: `Body of the draft ${name}.` })
    // Each keystroke's draft is written as it is typed; the reload comes once the last is on the device.
    await expect.poll(() => keptEnglishDraft(page, id)).toMatchObject({ title: `Draft ${name}`, body_md: `Body of the draft ${name}.` })

    await context.setOffline(true)
    await page.reload()
    await expect(main.getByLabel('Title (Spanish)')).toHaveValue(`Borrador ${name}`)
    await expect(main.getByLabel('Text in Markdown (Spanish)')).toHaveValue(`Cuerpo del borrador ${name}.`)
    await main.getByRole('tab', { name: 'English' }).click()
    await expect(main.getByLabel('Title (English)')).toHaveValue(`Draft ${name}`)
    await context.setOffline(false)

    await main.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page).toHaveURL(/\/admin\/content$/)
    await expect(main.getByTestId('article-row').filter({ hasText: `Draft ${name}` })).toContainText('Draft')
    expect((await savedArticle(admin, id)).status).toBe('draft')
    expect(await visibleToVisitors(id)).toBe(0)
    const blog = await freshBlog(page, '/es/blog')
    await expect(blog.getByRole('heading', { level: 2, name: 'Reglas de aduana que debes conocer antes de enviar' })).toBeVisible()
    await expect(blog.getByRole('heading', { name: `Borrador ${name}` })).toHaveCount(0)
  } finally {
    await context.setOffline(false)
    await withdraw(admin, id)
  }
})

/** Saves another admin's draft article in Spanish under `slug`, through the API; its id. */
async function savedDraft(admin: SupabaseClient, id: string, version: number, title: string, slug: string) {
  const text = { slug, title, excerpt: '', body_md: '', body_tree: { type: 'root', children: [] }, cover_alt: '' }
  const article = { category: 'events', author_name: 'Equipo E2E', status: 'draft', published_at: null, read_time_minutes: 1, texts: { es: text } }
  const { error } = await admin.rpc('save_article', { p_op_id: crypto.randomUUID(), p_id: id, p_base_version: version, p_article: article })
  if (error) throw new Error(`save_article: ${error.message}`)
}

/** Counts the page's requests to the backend's REST API that have not ended yet. */
function watchRestRequests(page: Page): () => number {
  const open = new Set<Request>()
  page.on('request', (request) => void (request.url().includes('/rest/v1/') && open.add(request)))
  page.on('requestfinished', (request) => void open.delete(request))
  page.on('requestfailed', (request) => void open.delete(request))
  return () => open.size
}

test('an address another article once had is refused: by the editor when the device knows it, else by the server', async ({ page, context }) => {
  const admin = await signedIn(demoAdmin)
  const name = tag()
  const restRequestsOpen = watchRestRequests(page)
  // Another article, renamed: its first address still leads to it. Drafts, so visitors never see them.
  const known = crypto.randomUUID()
  await savedDraft(admin, known, 0, `Conocido ${name}`, `antes-${name}`)
  await savedDraft(admin, known, 1, `Conocido ${name}`, `despues-${name}`)
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await page.goto('/admin/content')
  const main = page.getByRole('main')
  await expect(main.getByTestId('article-row').filter({ hasText: `Conocido ${name}` })).toBeVisible()

  await newArticle(page)
  await main.getByLabel('Author').fill('Equipo E2E')
  await writeLanguage(page, 'English', { title: `Mine ${name}`, body: 'Text.' })
  await writeLanguage(page, 'Spanish', { title: `Antes ${name}`, body: 'Texto.' })
  await expect(main.getByLabel('Address (Spanish)')).toHaveValue(`antes-${name}`)
  await main.getByRole('button', { name: 'Save as draft' }).click()
  await expect(main.getByLabel('Address (Spanish)')).toHaveAccessibleDescription('Another article already uses this address.')

  // One made while this device is offline, after its last pull ended: the save is queued, and once
  // online the server's refusal is said on the article.
  await context.setOffline(true)
  await expect.poll(restRequestsOpen, { message: 'no pull still on its way' }).toBe(0)
  const unknown = crypto.randomUUID()
  await savedDraft(admin, unknown, 0, `Desconocido ${name}`, `primero-${name}`)
  await savedDraft(admin, unknown, 1, `Desconocido ${name}`, `segundo-${name}`)
  await writeLanguage(page, 'Spanish', { title: `Primero ${name}`, body: 'Texto.' })
  await main.getByRole('button', { name: 'Save as draft' }).click()
  await expect(page).toHaveURL(/\/admin\/content$/)
  await context.setOffline(false)
  // Sent once the app's probe finds the backend again; refused, it waits in the unsent changes.
  await expect(page.getByTestId('outbox-unresolved')).toHaveText('1', { timeout: 30_000 })
  await page.getByTestId('outbox-button').first().click()
  const entry = page.getByRole('dialog', { name: 'Unsent changes' }).getByTestId('outbox-entry')
  await expect(entry).toContainText('Another article already has this address in Spanish.')
  await entry.getByRole('link', { name: `Article: Primero ${name}` }).click()
  await expect(main.getByRole('alert')).toContainText('The server refused your save: Another article already has this address in Spanish.')
})

/** Hides the answers to the question again, as they were typed. */
async function hideFaqs(admin: SupabaseClient, question: string) {
  const { data, error } = await admin.from('faqs').select('id, version, question_es, answer_es').eq('question_es', question)
  if (error) throw error
  for (const faq of data) {
    const { error: saveError } = await admin.rpc('save_faq', { p_op_id: crypto.randomUUID(), p_id: faq.id, p_base_version: faq.version, p_faq: { question_es: faq.question_es, answer_es: faq.answer_es, published: false } })
    if (saveError) throw new Error(`save_faq: ${saveError.message}`)
  }
}

/** Waits for the public Spanish FAQ to answer the question so (the editor's save goes through the outbox first). */
async function faqShows(page: Page, question: string, answer: string) {
  await expect(async () => {
    await page.goto('/es/faqs')
    const main = page.getByRole('main')
    await main.getByRole('button', { name: question }).click({ timeout: 1000 })
    await expect(main.getByRole('region', { name: question })).toHaveText(answer, { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
}

test('an FAQ answer added and edited in the editor shows on the FAQ', async ({ page }) => {
  const admin = await signedIn(demoAdmin)
  const name = tag()
  // In Spanish only, and hidden at the end: the English FAQ, which other tests count, does not change.
  const question = `¿Pregunta del editor ${name}?`
  await logInThroughUi(page, '/admin/login', demoAdmin)
  try {
    await page.goto('/admin/content')
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Add an answer' }).click()
    let dialog = page.getByRole('dialog', { name: 'New answer' })
    await dialog.getByLabel('Question (Spanish)').fill(question)
    await dialog.getByLabel('Answer (Spanish)').fill(`Primera respuesta ${name}.`)
    await dialog.getByRole('button', { name: 'Save answer' }).click()
    await expect(dialog).toBeHidden()
    await expect(main.getByTestId('faq-row').filter({ hasText: question })).toBeVisible()
    await faqShows(page, question, `Primera respuesta ${name}.`)

    // The site's language is one choice: after /es/faqs the admin reads the editor in Spanish.
    await page.goto('/admin/content')
    await main.getByRole('button', { name: `Editar: ${question}` }).click()
    dialog = page.getByRole('dialog', { name: 'Editar la respuesta' })
    await expect(dialog.getByLabel('Respuesta (español)')).toHaveValue(`Primera respuesta ${name}.`)
    await dialog.getByLabel('Respuesta (español)').fill(`Respuesta corregida ${name}.`)
    await dialog.getByRole('button', { name: 'Guardar respuesta' }).click()
    await expect(dialog).toBeHidden()
    await faqShows(page, question, `Respuesta corregida ${name}.`)
  } finally {
    await hideFaqs(admin, question)
  }
})
