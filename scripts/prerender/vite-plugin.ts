import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { writePrerenderedPages, type PrerenderEntry } from './write-pages.ts'

const serverEntry = 'src/entry-prerender.tsx'
const serverOutDir = 'node_modules/.prerender'

/** Where canonical and Open Graph URLs point: the site's public address, from the build's environment. */
export const defaultSiteUrl = 'http://localhost:4173'

/**
 * After the client build, and before vite-plugin-pwa lists the files to precache: builds
 * src/entry-prerender.tsx for Node and writes every public page to its own HTML file, plus
 * sitemap.xml and robots.txt. Every `vite build` does it, so `npm run build`, `npm start`, the e2e
 * suite and the benches all serve the same prerendered pages.
 */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'casillero:prerender-public-pages',
    apply: 'build',
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
        const siteUrl = (config.env.VITE_SITE_URL || defaultSiteUrl).replace(/\/+$/, '')
        const written = await writePrerenderedPages(entry, resolve(config.root, config.build.outDir), siteUrl)
        config.logger.info(`prerendered ${written} pages for ${siteUrl}`)
      },
    },
  }
}
