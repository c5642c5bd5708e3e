// The admin's first pull as the app makes it (src/sync-engine/working-set.ts: the desk's stage, then
// what closed lately), made from Node through any way of calling the RPCs: how much the server
// sends and how fast.
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from '../../tests/support/node-supabase'
import { demoAdmin } from './environment'

/** Every stream of the two stages, as the app asks for them. */
export const STREAMS = [
  { key: 'directory', rpc: 'pull_directory', rows: 'customers', pageSize: 5000 },
  { key: 'profiles', rpc: 'pull_profiles', rows: 'profiles' },
  { key: 'packages', rpc: 'pull_packages', rows: 'packages', part: 'open' },
  { key: 'prealerts', rpc: 'pull_prealerts', rows: 'prealerts', part: 'open' },
  { key: 'shipments', rpc: 'pull_shipments', rows: 'shipments', part: 'open' },
  { key: 'closed-packages', rpc: 'pull_packages', rows: 'packages', part: 'closed' },
  { key: 'closed-prealerts', rpc: 'pull_prealerts', rows: 'prealerts', part: 'closed' },
  { key: 'closed-shipments', rpc: 'pull_shipments', rows: 'shipments', part: 'closed' },
] as const
export type StreamKey = (typeof STREAMS)[number]['key']
type Stream = (typeof STREAMS)[number]

export type PullPage = { checkpoint: string | null; has_more: boolean } & Record<string, unknown[] | undefined>

export interface AdminPull {
  ms: number
  pages: number
  bytes: number
  rows: Record<StreamKey, number>
  checkpoints: Record<StreamKey, string | null>
}

/** Calls an RPC the app calls with its named arguments, as the admin: its answer, time and size. */
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

/** A stream's arguments after `since`, as the app sends them. */
export function pullArgs(stream: Stream, since: string | null, pageSize: number): Record<string, unknown> {
  return { p_since: since, p_limit: 'pageSize' in stream ? stream.pageSize : pageSize, ...('part' in stream ? { p_part: stream.part } : {}) }
}

const byStream = <T,>(value: () => T) => Object.fromEntries(STREAMS.map(({ key }) => [key, value()])) as Record<StreamKey, T>

/** What the app does on an admin's first sync: every stream to the end, one page at a time. */
export async function adminFirstPull(call: AdminRpc, pageSize: number): Promise<AdminPull> {
  const result: AdminPull = { ms: 0, pages: 0, bytes: 0, rows: byStream(() => 0), checkpoints: byStream(() => null) }
  for (const stream of STREAMS) {
    let since: string | null = null
    for (;;) {
      const answer: { value: PullPage; ms: number; bytes: number } = await call<PullPage>(stream.rpc, pullArgs(stream, since, pageSize))
      const { value: page, ms, bytes } = answer
      result.ms += ms
      result.bytes += bytes
      result.pages++
      result.rows[stream.key] += (page[stream.rows] ?? []).length
      since = page.checkpoint
      if (!page.has_more) break
    }
    result.checkpoints[stream.key] = since
  }
  return result
}
