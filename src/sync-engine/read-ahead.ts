import type { PullPage } from '@/local-db/rows'

/** One page of changes after a checkpoint (a pull RPC, or a test double of it). */
export type PullSource<Row> = (since: string | null, limit: number) => Promise<PullPage<Row>>

/**
 * The pages after `since`, each requested as soon as the one before it arrives (its checkpoint is
 * where the next one starts), while fewer than `ahead` wait to be taken: the requests never wait
 * for the writes, nor the writes for a page that could have been asked for already. One request at
 * most is in flight; `stop` ends the requests and settles once none is.
 */
export function pagesAfter<Row>(source: PullSource<Row>, since: string | null, pageSize: number, ahead: number) {
  const received: PullPage<Row>[] = []
  let failure: { error: unknown } | undefined
  let done = false
  let stopped = false
  // One side at most waits at a time (the taker while nothing was received, the requests while
  // `ahead` pages were), so one wake-up serves both.
  let wake: () => void = () => undefined
  const changed = () => new Promise<void>((resolve) => (wake = resolve))

  const requesting = (async () => {
    try {
      for (let after = since; ; ) {
        while (received.length >= ahead && !stopped) await changed()
        if (stopped) return
        const page = await source(after, pageSize)
        received.push(page)
        wake()
        if (!page.has_more) return
        after = page.checkpoint
      }
    } catch (error) {
      failure = { error }
    } finally {
      done = true
      wake()
    }
  })()

  return {
    /** The next page, in order; once the pages received before a failed request are taken, its error. */
    async take(): Promise<PullPage<Row>> {
      while (received.length === 0 && !done) await changed()
      const page = received.shift()
      wake()
      if (page) return page
      throw failure ? failure.error : new Error('Every page was taken')
    },
    async stop() {
      stopped = true
      wake()
      await requesting
    },
  }
}
