import { describe, expect, it, vi } from 'vitest'
import type { PullPage } from '@/local-db/rows'
import { pagesAfter, type PullSource } from './read-ahead'

/** Pages 1…last of one row each, the checkpoint of page n being "n"; `asked` lists where each request started. */
function numberedPages(last: number, fail?: { at: string | null; error: Error }) {
  const asked: (string | null)[] = []
  const source: PullSource<number> = async (since) => {
    asked.push(since)
    if (fail && since === fail.at) throw fail.error
    const n = since === null ? 1 : Number(since) + 1
    return { rows: [n], checkpoint: String(n), has_more: n < last }
  }
  return { source, asked }
}

/** Lets every request that can be made be made: the source answers at once, so a macrotask is enough. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('pagesAfter', () => {
  it('asks for each page as the one before it arrives, holds at most `ahead` untaken, and gives them in order', async () => {
    const { source, asked } = numberedPages(6)
    const pages = pagesAfter(source, null, 1, 3)
    await vi.waitFor(() => expect(asked).toEqual([null, '1', '2']))
    await settle()
    expect(asked).toHaveLength(3)

    expect((await pages.take()).rows).toEqual([1])
    await vi.waitFor(() => expect(asked).toEqual([null, '1', '2', '3']))
    const taken: PullPage<number>[] = []
    for (let i = 0; i < 5; i++) taken.push(await pages.take())
    expect(taken.map((page) => page.rows[0])).toEqual([2, 3, 4, 5, 6])
    expect(taken.at(-1)!.has_more).toBe(false)
    expect(asked).toEqual([null, '1', '2', '3', '4', '5'])
    await pages.stop()
  })

  it('gives the pages received before a failed request, then its error, and asks nothing after it', async () => {
    const { source, asked } = numberedPages(9, { at: '2', error: new Error('connection lost') })
    const pages = pagesAfter(source, '0', 1, 3)
    expect((await pages.take()).rows).toEqual([1])
    expect((await pages.take()).rows).toEqual([2])
    await expect(pages.take()).rejects.toThrow('connection lost')
    await pages.stop()
    expect(asked).toEqual(['0', '1', '2'])
  })

  it('stops only once the request in flight has ended, and asks nothing more', async () => {
    const asked: (string | null)[] = []
    let answer: (page: PullPage<number>) => void = () => undefined
    const source: PullSource<number> = (since) => {
      asked.push(since)
      return new Promise((resolve) => (answer = resolve))
    }
    const pages = pagesAfter(source, null, 1, 3)
    let stopped = false
    const stopping = pages.stop().then(() => (stopped = true))
    await settle()
    expect(stopped).toBe(false)
    answer({ rows: [1], checkpoint: '1', has_more: true })
    await stopping
    expect(asked).toEqual([null])
  })
})
