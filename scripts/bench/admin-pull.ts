// The admin's first pull as the app makes it (every stream to the end, then the owners it lacks),
// made from Node through any way of calling the RPCs: how much the server sends and how fast.
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from '../../tests/support/node-supabase'
import { demoAdmin } from './environment'

export const STREAMS = [
  { rpc: 'pull_profiles', key: 'profiles' },
  { rpc: 'pull_packages', key: 'packages' },
  { rpc: 'pull_prealerts', key: 'prealerts' },
  { rpc: 'pull_shipments', key: 'shipments' },
] as const
export type StreamKey = (typeof STREAMS)[number]['key']

interface PulledRow {
  id: string
  user_id?: string
  deleted_at?: string | null
}
export type PullPage = { checkpoint: string | null; has_more: boolean } & Partial<Record<StreamKey, PulledRow[]>>

export interface AdminPull {
  ms: number
  pages: number
  bytes: number
  rows: Record<StreamKey, number>
  /** Of those, the rows that are not tombstones: what the device keeps. */
  live: Record<StreamKey, number>
  /** Profiles get_profiles sent for owners the pulls did not bring. */
  fetched: number
  checkpoints: Record<StreamKey, string | null>
}

/** Calls an RPC the app calls (pull_*, get_profiles) with its named arguments, as the admin: its answer, time and size. */
export type AdminRpc = <T>(name: string, args: Record<string, unknown>) => Promise<{ value: T; ms: number; bytes: number }>

/** Over HTTP, as the app calls the stand-in (supabase-js in Node: the server and the wire, no browser). */
export async function httpRpc(url: string): Promise<AdminRpc> {
  const client = createClient(url, SUPABASE_LOCAL_ANON_KEY, nodeClientOptions)
  const { error } = await client.auth.signInWithPassword(demoAdmin)
  if (error) throw error
  return async <T,>(name: string, args: Record<string, unknown>) => {
    const started = performance.now()
    const { data, error: failed } = await client.rpc(name, args)
    const ms = performance.now() - started
    if (failed) throw new Error(`${name}: ${failed.message}`)
    return { value: data as T, ms, bytes: JSON.stringify(data).length }
  }
}

/** What the app does on an admin's first sync: every stream to the end, then the missing owners. */
export async function adminFirstPull(call: AdminRpc, pageSize: number): Promise<AdminPull> {
  const result: AdminPull = {
    ms: 0,
    pages: 0,
    bytes: 0,
    rows: { profiles: 0, packages: 0, prealerts: 0, shipments: 0 },
    live: { profiles: 0, packages: 0, prealerts: 0, shipments: 0 },
    fetched: 0,
    checkpoints: { profiles: null, packages: null, prealerts: null, shipments: null },
  }
  const owners = new Set<string>()
  const held = new Set<string>()
  for (const { rpc: name, key } of STREAMS) {
    let since: string | null = null
    for (;;) {
      const answer: { value: PullPage; ms: number; bytes: number } = await call<PullPage>(name, { p_since: since, p_limit: pageSize })
      const { value: page, ms, bytes } = answer
      result.ms += ms
      result.bytes += bytes
      result.pages++
      const rows = page[key] ?? []
      result.rows[key] += rows.length
      for (const row of rows) {
        if (!row.deleted_at) result.live[key]++
        if (key === 'profiles') {
          if (!row.deleted_at) held.add(row.id)
        } else if (!row.deleted_at && row.user_id) owners.add(row.user_id)
      }
      since = page.checkpoint
      if (!page.has_more) break
    }
    result.checkpoints[key] = since
  }
  // As src/sync-engine/working-set.ts: the owners of the rows on the device whose profile it lacks, 1,000 a call.
  const missing = [...owners].filter((id) => !held.has(id))
  for (let start = 0; start < missing.length; start += 1000) {
    const { value, ms, bytes } = await call<{ profiles: unknown[] }>('get_profiles', { p_ids: missing.slice(start, start + 1000) })
    result.ms += ms
    result.bytes += bytes
    result.fetched += value.profiles.length
  }
  return result
}
