import { readFileSync } from 'node:fs'
import { readFile, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

type Lang = 'es' | 'en'

export interface ContentApi {
  url: string
  anonKey: string
  fetch?: typeof fetch
}

interface ArticleSummary {
  id: string
}

/** The published content, as src/features/public/content/build-content.ts describes it. */
export interface BuildContent {
  articles: unknown[]
  slugs: unknown[]
  faqs: unknown[]
}

type PagePaths = Partial<Record<Lang, string>>

/** What the server build of src/entry-prerender.tsx exports (that module is the source of truth). */
export interface PrerenderEntry {
  fetchArticleSummaries(api: ContentApi): Promise<ArticleSummary[]>
  fetchArticle(id: string, api: ContentApi): Promise<unknown>
  fetchArticleSlugs(api: ContentApi): Promise<unknown[]>
  fetchFaqs(api: ContentApi): Promise<unknown[]>
  /** The app's fetch that gives up on a request that stops moving (src/remote/fetch.ts). */
  timedFetch: typeof fetch
  provideContent(content: BuildContent): void
  prerenderedPaths(): PagePaths[]
  aliasesOf(path: string): string[]
  htmlFileOf(path: string): string
  renderPage(url: URL): Promise<{ lang: Lang; html: string; hydrationData: object; meta: { title: string; description: string }; structuredData: object[]; feed: { path: string; title: string } | null }>
  blogFeed(siteUrl: string, lang: Lang, builtAt: string): Promise<{ path: string; xml: string }>
  headTags(head: { lang: Lang; title: string; description: string; urls: PagePaths; image: string; imageAlt: string; structuredData: object[]; feed?: { href: string; title: string } }): string
  organization(siteUrl: string, logoUrl: string): object
  fillTemplate(template: string, page: { lang: Lang; head: string; body: string; hydrationData: object }): string
  inlineStylesheet(template: string, read: (href: string) => string): string
  sitemapXml(pages: PagePaths[]): string
  robotsTxt(rules: string, sitemapUrl: string): string
}

/** What was written: every page's HTML file, and of those the files for the other slugs of a page. */
export interface WrittenPages {
  files: string[]
  aliasFiles: string[]
}

/**
 * Writes each page in each language to `<outDir>/<path>.html`, on its own slug and its other ones
 * (with the canonical URLs of the page either way), then each language's blog feed, sitemap.xml
 * and robots.txt. The entry has the content already (provideContent).
 */
export async function writePrerenderedPages(entry: PrerenderEntry, outDir: string, siteUrl: string): Promise<WrittenPages> {
  const template = entry.inlineStylesheet(await readFile(join(outDir, 'index.html'), 'utf8'), (href) => readFileSync(join(outDir, href), 'utf8'))
  const absolute = (path: string) => `${siteUrl}${path}`
  const organization = entry.organization(siteUrl, absolute('/icons/icon-512.png'))
  const pages = entry.prerenderedPaths().map((paths): PagePaths => Object.fromEntries(Object.entries(paths).map(([lang, path]) => [lang, absolute(path!)])))

  const written: WrittenPages = { files: [], aliasFiles: [] }
  for (const urls of pages) {
    for (const url of Object.values(urls)) {
      const canonicalPath = new URL(url!).pathname
      for (const path of [canonicalPath, ...entry.aliasesOf(canonicalPath)]) {
        const page = await entry.renderPage(new URL(absolute(path)))
        const head = entry.headTags({
          lang: page.lang,
          ...page.meta,
          urls,
          image: absolute('/og-image.png'),
          imageAlt: 'Casillero Miami',
          structuredData: [organization, ...page.structuredData],
          ...(page.feed ? { feed: { href: absolute(page.feed.path), title: page.feed.title } } : {}),
        })
        const file = entry.htmlFileOf(path)
        const target = join(outDir, file)
        await mkdir(dirname(target), { recursive: true })
        await writeFile(target, entry.fillTemplate(template, { lang: page.lang, head, body: page.html, hydrationData: page.hydrationData }))
        written.files.push(file)
        if (path !== canonicalPath) written.aliasFiles.push(file)
      }
    }
  }
  const builtAt = new Date().toISOString()
  for (const lang of ['es', 'en'] as const) {
    const feed = await entry.blogFeed(siteUrl, lang, builtAt)
    const target = join(outDir, feed.path.slice(1))
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, feed.xml)
  }
  await writeFile(join(outDir, 'sitemap.xml'), entry.sitemapXml(pages))
  const robots = join(outDir, 'robots.txt')
  await writeFile(robots, entry.robotsTxt(await readFile(robots, 'utf8'), absolute('/sitemap.xml')))
  return written
}
