import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchArticle, fetchArticleSlugs, fetchArticleSummaries, fetchFaqs } from '@/remote/content'
import { timedFetch } from '@/remote/fetch'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { hostedRetryDelaysMs, readBuildContent } from '../../scripts/prerender/read-content'
import { startTestStandIn } from './helpers'

// What the build reads the blog and the FAQ with (the prerender entry's exports).
const appReads = { fetchArticleSummaries, fetchArticle, fetchArticleSlugs, fetchFaqs, timedFetch }

const hosted = 'https://abcd.supabase.co'
const hostedEnv = { VITE_SUPABASE_URL: hosted, VITE_SUPABASE_ANON_KEY: SUPABASE_LOCAL_ANON_KEY }

let backend: StandIn
beforeAll(async () => {
  backend = await startTestStandIn()
})
afterAll(() => backend.close())

/**
 * The hosted project as the build's machine reaches it: down (its name does not resolve) until the
 * build first waits, then up (its requests go to the stand-in) when `comesUp`. The build's waits are
 * recorded, and take no time.
 */
function hostedProject({ comesUp }: { comesUp: boolean }) {
  const waits: number[] = []
  let up = false
  const sleep = async (ms: number) => {
    waits.push(ms)
    up = comesUp
  }
  const network: typeof fetch = (input, init) => {
    const url = String(input)
    if (!up) return Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND abcd.supabase.co'), { code: 'ENOTFOUND' }) }))
    return timedFetch(url.replace(hosted, backend.url), init)
  }
  return { reader: { ...appReads, timedFetch: network }, sleep, waits }
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('the content a build prerenders', () => {
  it('comes from a hosted backend that answers on the second attempt, after one wait', async () => {
    const { reader, sleep, waits } = hostedProject({ comesUp: true })
    const { content, from } = await readBuildContent(reader, hostedEnv, sleep)
    expect(from).toBe(hosted)
    expect(content.articles).toHaveLength(4)
    expect(content.faqs).toHaveLength(10)
    expect(waits).toEqual(hostedRetryDelaysMs.slice(0, 1))
  })

  it('stops the build when a hosted backend never answers, after waiting longer each time, saying where and what to do', async () => {
    const { reader, sleep, waits } = hostedProject({ comesUp: false })
    const build = readBuildContent(reader, hostedEnv, sleep)
    await expect(build).rejects.toThrow(`from VITE_SUPABASE_URL (${hosted}): 5 attempts over 30 s, the last one fetch failed: ENOTFOUND.`)
    await expect(build).rejects.toThrow(/so the build stops rather than ship other content\.\nCheck that the URL is your Supabase project's API URL/)
    expect(waits).toEqual(hostedRetryDelaysMs)
    expect(waits.every((ms, index) => index === 0 || ms > waits[index - 1]!)).toBe(true)
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(20_000)
  })

  it('comes from a local backend that answers', async () => {
    const { content, from } = await readBuildContent(appReads, { VITE_SUPABASE_URL: backend.url }, () => Promise.reject(new Error('a local build never waits')))
    expect(from).toBe(backend.url)
    expect(content.articles).toHaveLength(4)
  })

  it('comes from a throwaway stand-in\'s seed when the local backend is not running, and the log says so', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    const { content, from } = await readBuildContent(appReads, { VITE_SUPABASE_URL: url }, () => Promise.reject(new Error('a local build never waits')))
    expect(from).toBe(`the seed of a throwaway stand-in, since no local backend answered at ${url} (a build for a hosted backend stops instead)`)
    expect(content.articles).toHaveLength(4)
    expect(content.faqs).toHaveLength(10)
  }, 60_000)
})
