import { applyPulledPage, markPackagesSynced, readPackageSync } from '@/local-db/writes'
import type { Supabase } from '@/remote/client'
import type { PullPage } from '@/remote/types'

/** One page of changes after a checkpoint (the `pull_packages` RPC, or a test double of it). */
export type PullSource = (since: string | null, limit: number) => Promise<PullPage>

export class SyncError extends Error {
  /** False for network failures: they say nothing about the data, only about the connection. */
  readonly fromService: boolean
  constructor(message: string, fromService: boolean) {
    super(message)
    this.name = 'SyncError'
    this.fromService = fromService
  }
}

export function rpcPullSource(client: Supabase): PullSource {
  return async (since, limit) => {
    const { data, error } = await client.rpc('pull_packages', { p_since: since, p_limit: limit })
    if (error) throw new SyncError(error.message, Boolean(error.code))
    return data as PullPage
  }
}

const pullPageSize = 1000

/**
 * Brings the local packages up to date, page by page from the stored checkpoint (DESIGN §6).
 * Each page lands with its checkpoint in one transaction, so an error mid-way keeps everything
 * already pulled and the next pull resumes where this one stopped. Returns the rows moved.
 */
export async function pullPackages(source: PullSource, userId: string, pageSize = pullPageSize): Promise<number> {
  let checkpoint = (await readPackageSync(userId))?.checkpoint ?? null
  let moved = 0
  for (;;) {
    const page = await source(checkpoint, pageSize)
    if (page.packages.length > 0 || page.checkpoint !== checkpoint) await applyPulledPage(userId, page.packages, page.checkpoint)
    moved += page.packages.length
    checkpoint = page.checkpoint
    if (!page.has_more) break
  }
  await markPackagesSynced(userId, Date.now())
  return moved
}
