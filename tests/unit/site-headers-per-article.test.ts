import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseMarkdown } from '@/components/markdown/parse-markdown'
import * as entry from '@/entry-prerender'
import { provideBuildContent, type BuildContent } from '@/features/public/content/build-content'
import { languages } from '@/i18n/locales'
import { formatHeadersFile, siteHeaderRules } from '../../scripts/build/security-headers'
import { htmlFilesIn } from '../../scripts/build/security-headers-plugin'
import { writePrerenderedPages } from '../../scripts/prerender/write-pages'

const site = 'https://www.example.com'
const supabaseUrl = 'https://abcd.supabase.co'

/** `count` published articles in both languages, and a few answers, as the build would read them. */
function published(count: number): BuildContent {
  const articles = Array.from({ length: count }, (_, n) => {
    const date = new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString()
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      category: 'shopping' as const,
      coverPath: null,
      author: 'Casillero Miami',
      publishedAt: date,
      updatedAt: date,
      readTimeMinutes: 3,
      texts: Object.fromEntries(
        languages.map((lang) => [lang, { slug: `${lang}-article-${n}`, title: `Article ${n} (${lang})`, excerpt: `What article ${n} says.`, coverAlt: '', bodyTree: parseMarkdown(`Article **${n}**, in ${lang}.`) }]),
      ),
    }
  })
  return {
    articles,
    slugs: articles.flatMap((article) => languages.map((lang) => ({ lang, slug: article.texts[lang]!.slug, articleId: article.id }))),
    faqs: [1, 2, 3].map((n) => ({ id: `faq-${n}`, position: n, texts: Object.fromEntries(languages.map((lang) => [lang, { question: `Question ${n}?`, answer: `Answer ${n}.` }])) })),
  }
}

const folders: string[] = []
afterAll(async () => {
  // The files of this worker that run after this one find no build's content, as in the browser.
  provideBuildContent(null)
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

/**
 * The `_headers` file of a build that publishes this content: the pages written as the build writes
 * them (the app's index.html as Vite emits it, with its entry script and stylesheet), then the headers
 * computed from every HTML file, as the build's last plugin does.
 */
async function headersOfBuild(content: BuildContent): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'site-headers-'))
  folders.push(outDir)
  const source = await readFile('index.html', 'utf8')
  const built = source
    .replace('<script type="module" src="/src/main.tsx"></script>', '')
    .replace('</head>', '<script type="module" crossorigin src="/assets/index-built.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-built.css">\n</head>')
  await mkdir(join(outDir, 'assets'))
  await writeFile(join(outDir, 'index.html'), built)
  await writeFile(join(outDir, 'assets/index-built.css'), 'body{margin:0}')
  await writeFile(join(outDir, 'robots.txt'), await readFile('public/robots.txt', 'utf8'))
  entry.provideContent(content)
  await writePrerenderedPages(entry, outDir, site)
  return formatHeadersFile(siteHeaderRules({ html: await htmlFilesIn(outDir), supabaseUrl }))
}

const policyLine = (headers: string) => headers.split('\n').find((line) => line.trim().startsWith('Content-Security-Policy:'))!
const hashCount = (line: string) => line.match(/'sha256-/g)?.length ?? 0

describe('the site headers with many articles published', () => {
  it('keep the policy under 1 KB with 200 articles, with as many hashes as with 4: every header line stays the size it was', async () => {
    const few = await headersOfBuild(published(4))
    const many = await headersOfBuild(published(200))
    expect(policyLine(many).length).toBeLessThan(1024)
    expect(hashCount(policyLine(many))).toBe(hashCount(policyLine(few)))
    expect(many).toBe(few)
  }, 120_000)
})
