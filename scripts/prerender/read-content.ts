import { tsImport } from 'tsx/esm/api'
import { DEFAULT_PORT, SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys.ts'
import type * as StandInServer from '../../supabase/local/server.ts'
import type { BuildContent, ContentApi, PrerenderEntry } from './write-pages.ts'

/** How long the build waits for the backend to answer before it reads the migrations' content instead. */
const probeTimeoutMs = 3000

async function read(entry: PrerenderEntry, api: ContentApi): Promise<BuildContent> {
  const [summaries, slugs, faqs] = await Promise.all([entry.fetchArticleSummaries(api), entry.fetchArticleSlugs(api), entry.fetchFaqs(api)])
  const articles = await Promise.all(summaries.map((summary) => entry.fetchArticle(summary.id, api)))
  return { articles: articles.filter((article) => article !== null), slugs, faqs }
}

async function answers(api: ContentApi): Promise<boolean> {
  try {
    await fetch(`${api.url}/rest/v1/`, { headers: { apikey: api.anonKey }, signal: AbortSignal.timeout(probeTimeoutMs) })
    return true
  } catch {
    return false
  }
}

/**
 * The published blog and FAQ for the pages: from the backend the app is built for, when it answers
 * (its anon key sees what visitors see); else (a fresh clone's `npm start`, the e2e build before its
 * stand-in starts) from a throwaway in-process stand-in on the same migrations, which seed the site's
 * articles and answers.
 */
export async function readBuildContent(entry: PrerenderEntry, env: Record<string, string>): Promise<{ content: BuildContent; from: string }> {
  const api = { url: (env.VITE_SUPABASE_URL || `http://127.0.0.1:${DEFAULT_PORT}`).replace(/\/+$/, ''), anonKey: env.VITE_SUPABASE_ANON_KEY || SUPABASE_LOCAL_ANON_KEY }
  if (await answers(api)) return { content: await read(entry, api), from: api.url }
  // Loaded by tsx when needed, not bundled into the Vite config with everything the stand-in imports.
  const { startStandIn } = (await tsImport('../../supabase/local/server.ts', import.meta.url)) as typeof StandInServer
  const standIn = await startStandIn({ port: 0, quiet: true, devMail: false, log: () => {} })
  try {
    return { content: await read(entry, { url: standIn.url, anonKey: SUPABASE_LOCAL_ANON_KEY }), from: 'the migrations (no backend answered at ' + api.url + ')' }
  } finally {
    await standIn.close()
  }
}
