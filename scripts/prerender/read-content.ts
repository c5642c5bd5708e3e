import { tsImport } from 'tsx/esm/api'
import { DEFAULT_PORT, SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys.ts'
import type * as StandInServer from '../../supabase/local/server.ts'
import { isLocalBackend } from '../backend-env.ts'
import type { BuildContent, ContentApi, PrerenderEntry } from './write-pages.ts'

/** What reading the content takes from the prerender entry: the app's own reads, and its fetch that gives up on a stalled request. */
export type ContentReader = Pick<PrerenderEntry, 'fetchArticleSummaries' | 'fetchArticle' | 'fetchArticleSlugs' | 'fetchFaqs' | 'timedFetch'>

/** How long a local build waits for a backend on this machine before it reads the migrations' content instead. */
const localProbeMs = 3000
/** The waits between a hosted backend's attempts: five attempts over half a minute, through a network blip or a project waking up. */
export const hostedRetryDelaysMs = [2000, 4000, 8000, 16000]

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function read(reader: ContentReader, api: ContentApi): Promise<BuildContent> {
  const [summaries, slugs, faqs] = await Promise.all([reader.fetchArticleSummaries(api), reader.fetchArticleSlugs(api), reader.fetchFaqs(api)])
  const articles = await Promise.all(summaries.map((summary) => reader.fetchArticle(summary.id, api)))
  return { articles: articles.filter((article) => article !== null), slugs, faqs }
}

async function answers(api: ContentApi): Promise<boolean> {
  try {
    await fetch(`${api.url}/rest/v1/`, { headers: { apikey: api.anonKey }, signal: AbortSignal.timeout(localProbeMs) })
    return true
  } catch {
    return false
  }
}

const reason = (error: unknown) => {
  const { message, cause } = error as { message?: string; cause?: { code?: string; message?: string } }
  return [message ?? String(error), cause?.code ?? cause?.message].filter(Boolean).join(': ')
}

/** The hosted backend's content, tried again after each wait; the build stops, saying why, once the last attempt fails. */
async function readHosted(reader: ContentReader, api: ContentApi, sleep: (ms: number) => Promise<void>): Promise<BuildContent> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read(reader, api)
    } catch (error) {
      const delay = hostedRetryDelaysMs[attempt]
      if (delay === undefined) {
        const waited = hostedRetryDelaysMs.reduce((sum, ms) => sum + ms, 0) / 1000
        throw new Error(
          [
            `The build could not read the published blog and FAQ from VITE_SUPABASE_URL (${api.url}): ${attempt + 1} attempts over ${waited} s, the last one ${reason(error)}.`,
            'The prerendered pages, the sitemap and the feeds are made from what that backend publishes, so the build stops rather than ship other content.',
            "Check that the URL is your Supabase project's API URL, that the project is up (a paused project must be restored) and reachable from this machine,",
            'and that VITE_SUPABASE_ANON_KEY is its anon key; then build again. A build for the local backend is `vite build --mode standin`, without VITE_SUPABASE_URL.',
          ].join('\n'),
        )
      }
      await sleep(delay)
    }
  }
}

/**
 * The published blog and FAQ for the pages, from the backend the app is built for (its anon key
 * sees what visitors see). A hosted backend is read or the build stops: its site is never built from
 * other content. Only a build for a backend on this machine that is not running (a fresh clone's
 * `npm start`, the e2e build before its stand-in starts) reads a throwaway in-process stand-in on the
 * same migrations instead, which seed the site's articles and answers.
 */
export async function readBuildContent(reader: ContentReader, env: Record<string, string>, sleep = wait): Promise<{ content: BuildContent; from: string }> {
  const url = (env.VITE_SUPABASE_URL || `http://127.0.0.1:${DEFAULT_PORT}`).replace(/\/+$/, '')
  const api = { url, anonKey: env.VITE_SUPABASE_ANON_KEY || SUPABASE_LOCAL_ANON_KEY, fetch: reader.timedFetch }
  if (!isLocalBackend(url)) return { content: await readHosted(reader, api, sleep), from: url }
  if (await answers(api)) return { content: await read(reader, api), from: url }
  // Loaded by tsx when needed, not bundled into the Vite config with everything the stand-in imports.
  const { startStandIn } = (await tsImport('../../supabase/local/server.ts', import.meta.url)) as typeof StandInServer
  const standIn = await startStandIn({ port: 0, quiet: true, devMail: false, log: () => {} })
  try {
    return {
      content: await read(reader, { ...api, url: standIn.url, anonKey: SUPABASE_LOCAL_ANON_KEY }),
      from: `the seed of a throwaway stand-in, since no local backend answered at ${url} (a build for a hosted backend stops instead)`,
    }
  } finally {
    await standIn.close()
  }
}
