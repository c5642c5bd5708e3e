import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { readBuildContent } from './read-content.ts'
import { writePrerenderedPages, type PrerenderEntry } from './write-pages.ts'

const serverEntry = 'src/entry-prerender.tsx'
const serverOutDir = 'node_modules/.prerender'

/** Where canonical and Open Graph URLs point: the site's public address, from the build's environment. */
export const defaultSiteUrl = 'http://localhost:4173'

/** What the build learns from prerendering, for the plugins after it. */
export interface PrerenderApi {
  /** The HTML files of pages on their other slug (`en/precios.html`): the service worker need not precache them. */
  aliasFiles: Set<string>
}

/**
 * After the client build, and before vite-plugin-pwa lists the files to precache: builds
 * src/entry-prerender.tsx for Node and writes every public page to its own HTML file, plus
 * sitemap.xml and robots.txt. Every `vite build` does it, so `npm run build`, `npm start`, the e2e
 * suite and the benches all serve the same prerendered pages.
 */
export function prerenderPublicPages(): Plugin<PrerenderApi> & { api: PrerenderApi } {
  let config: ResolvedConfig
  const api: PrerenderApi = { aliasFiles: new Set() }
  return {
    name: 'casillero:prerender-public-pages',
    apply: 'build',
    api,
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: serverEntry, outDir: serverOutDir, emptyOutDir: true, rolldownOptions: { output: { entryFileNames: 'entry-prerender.mjs' } } },
        })
        const entry: PrerenderEntry = await import(pathToFileURL(join(config.root, serverOutDir, 'entry-prerender.mjs')).href)
        const { content, from } = await readBuildContent(entry, config.env)
        entry.provideContent(content)
        config.logger.info(`prerendering ${content.articles.length} articles and ${content.faqs.length} answers read from ${from}`)
        const siteUrl = (config.env.VITE_SITE_URL || defaultSiteUrl).replace(/\/+$/, '')
        const written = await writePrerenderedPages(entry, resolve(config.root, config.build.outDir), siteUrl)
        api.aliasFiles = new Set(written.aliasFiles)
        config.logger.info(`prerendered ${written.files.length} pages for ${siteUrl} (${written.aliasFiles.length} of them on a page's other slug)`)
      },
    },
  }
}
