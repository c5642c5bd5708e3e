import { existsSync, readFileSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import { localUrl } from '../../src/remote/local-backend.ts'
import { deployOnlyHeaders, formatHeadersFile, headersForPath, parseHeadersFile, siteHeaderRules } from './security-headers.ts'

const headersFile = '_headers'

/** Every HTML file of the build, prerendered pages included. */
export async function htmlFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true })
  return Promise.all(entries.filter((name) => name.endsWith('.html')).map((name) => readFile(join(dir, name), 'utf8')))
}

/**
 * Writes the site's headers (scripts/build/security-headers.ts) to `<outDir>/_headers` once every
 * HTML file of the build is written, prerendered pages included, and `vite preview` sends what that
 * file says: the local preview, `npm start` and the e2e suite run under the deployed site's headers.
 * The dev server sends none (Vite's HMR client injects inline scripts and styles).
 */
export function securityHeaders(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'casillero:security-headers',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.command !== 'build' || config.build.ssr) return
        const outDir = resolve(config.root, config.build.outDir)
        const rules = siteHeaderRules({ html: await htmlFilesIn(outDir), supabaseUrl: config.env.VITE_SUPABASE_URL || localUrl })
        await writeFile(join(outDir, headersFile), formatHeadersFile(rules))
      },
    },
    configurePreviewServer(server) {
      const file = resolve(config.root, config.build.outDir, headersFile)
      if (!existsSync(file)) throw new Error(`${file} is missing: build the app (vite build) before previewing it`)
      const rules = parseHeadersFile(readFileSync(file, 'utf8'))
      // Before Vite's static files, which keep a header already set.
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://host').pathname
        for (const [name, value] of Object.entries(headersForPath(rules, path))) {
          if (!deployOnlyHeaders.has(name)) response.setHeader(name, value)
        }
        next()
      })
    },
  }
}
