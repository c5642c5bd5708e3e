// The local stand-in's budgets (DESIGN §7): cold start (fresh database: schema, migrations, seed),
// warm start (same folder again), and 1,000 public-tracking lookups through supabase-js.
// Runs alone too: npx tsx scripts/bench/standin.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { startStandIn } from '../../supabase/local/server'
import { nodeClientOptions } from '../../tests/support/node-supabase'
import { consoleReporter, type Measure } from './measure'
import { runSuites, type SuiteScope } from './runner'

const LOOKUPS = 1000
const CONCURRENCY = 4

async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now()
  const result = await fn()
  return { result, ms: performance.now() - started }
}

async function lookups(url: string): Promise<number> {
  const client = createClient(url, SUPABASE_LOCAL_ANON_KEY, nodeClientOptions)
  let next = 0
  const worker = async () => {
    while (next < LOOKUPS) {
      const token = `00000000-0000-4000-8000-00000000000${(next++ % 6) + 1}`
      const { data, error } = await client.rpc('get_package_by_token', { p_token: token })
      if (error || !Array.isArray(data) || data.length !== 1) throw new Error(`lookup failed: ${error?.message ?? JSON.stringify(data)}`)
    }
  }
  const { ms } = await timed(() => Promise.all(Array.from({ length: CONCURRENCY }, worker)))
  return ms
}

export async function benchStandIn(scope: SuiteScope): Promise<Measure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-standin-'))
  scope.defer(() => rm(dataDir, { recursive: true, force: true }))
  const cold = await timed(() => startStandIn({ port: 0, dataDir, quiet: true, log: () => {} }))
  await scope.defer(() => cold.result.close())()
  const warm = await timed(() => startStandIn({ port: 0, dataDir, quiet: true, log: () => {} }))
  const closeWarm = scope.defer(() => warm.result.close())
  const lookupMs = await lookups(warm.result.url)
  await closeWarm()
  return [
    { name: 'stand-in cold start (fresh database, migrations, seed)', value: cold.ms / 1000, unit: 's', budget: 10 },
    { name: 'stand-in warm start (existing database)', value: warm.ms / 1000, unit: 's', budget: 3 },
    { name: `${LOOKUPS} get_package_by_token calls via supabase-js (${CONCURRENCY} at a time)`, value: lookupMs / 1000, unit: 's' },
    { name: 'per get_package_by_token call (wall time / calls)', value: lookupMs / LOOKUPS, unit: 'ms' },
  ]
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { failed, withinBudget } = await runSuites([{ key: 'standin', title: 'Local stand-in', run: benchStandIn }], consoleReporter)
  process.exit(failed.length === 0 && withinBudget ? 0 : 1)
}
