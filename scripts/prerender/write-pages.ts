import { readFileSync } from 'node:fs'
import { readFile, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

type Lang = 'es' | 'en'

/** What the server build of src/entry-prerender.tsx exports (that module is the source of truth). */
export interface PrerenderEntry {
  prerenderedPaths(): Record<Lang, string>[]
  aliasesOf(path: string): string[]
  htmlFileOf(path: string): string
  renderPage(url: URL): Promise<{ lang: Lang; html: string; meta: { title: string; description: string }; faq: { question: string; answer: string }[] | null }>
  headTags(head: { lang: Lang; title: string; description: string; urls: Record<Lang, string>; image: string; imageAlt: string; structuredData: object[] }): string
  organization(siteUrl: string, logoUrl: string): object
  faqPage(entries: { question: string; answer: string }[]): object
  fillTemplate(template: string, page: { lang: Lang; head: string; body: string }): string
  inlineStylesheet(template: string, read: (href: string) => string): string
  sitemapXml(pages: Record<Lang, string>[]): string
  robotsTxt(rules: string, sitemapUrl: string): string
}

/** What was written: every page's HTML file, and of those the files for the other slugs of a page. */
export interface WrittenPages {
  files: string[]
  aliasFiles: string[]
}

/**
 * Writes each page in each language to `<outDir>/<path>.html`, on its own slug and on its other one
 * (with the canonical URLs of the page either way), then sitemap.xml and robots.txt.
 */
export async function writePrerenderedPages(entry: PrerenderEntry, outDir: string, siteUrl: string): Promise<WrittenPages> {
  const template = entry.inlineStylesheet(await readFile(join(outDir, 'index.html'), 'utf8'), (href) => readFileSync(join(outDir, href), 'utf8'))
  const absolute = (path: string) => `${siteUrl}${path}`
  const organization = entry.organization(siteUrl, absolute('/icons/icon-512.png'))
  const pages = entry.prerenderedPaths().map((paths) => Object.fromEntries(Object.entries(paths).map(([lang, path]) => [lang, absolute(path)])) as Record<Lang, string>)

  const written: WrittenPages = { files: [], aliasFiles: [] }
  for (const urls of pages) {
    for (const url of Object.values(urls)) {
      const canonicalPath = new URL(url).pathname
      for (const path of [canonicalPath, ...entry.aliasesOf(canonicalPath)]) {
        const page = await entry.renderPage(new URL(absolute(path)))
        const head = entry.headTags({
          lang: page.lang,
          ...page.meta,
          urls,
          image: absolute('/og-image.png'),
          imageAlt: 'Casillero Miami',
          structuredData: page.faq ? [organization, entry.faqPage(page.faq)] : [organization],
        })
        const file = entry.htmlFileOf(path)
        const target = join(outDir, file)
        await mkdir(dirname(target), { recursive: true })
        await writeFile(target, entry.fillTemplate(template, { lang: page.lang, head, body: page.html }))
        written.files.push(file)
        if (path !== canonicalPath) written.aliasFiles.push(file)
      }
    }
  }
  await writeFile(join(outDir, 'sitemap.xml'), entry.sitemapXml(pages))
  const robots = join(outDir, 'robots.txt')
  await writeFile(robots, entry.robotsTxt(await readFile(robots, 'utf8'), absolute('/sitemap.xml')))
  return written
}
