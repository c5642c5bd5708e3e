// A loaded history kept between runs of the history bench (BENCH_HISTORY_KEEP=<folder>): a million
// packages take minutes to load into PGlite on a quiet machine (an hour and a half on a busy one),
// and the browser's figures are best taken on a quiet machine, which the load is not. The kept copy is used only while it still fits: the same
// migrations and loader, loaded less than a day ago (the working set is "the last 30 days" of now).
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { HistorySummary } from '../seed-history'

export interface KeptLoad {
  summary: HistorySummary
  /** The customer's first pull on the database before the history was loaded. */
  baseline: { ms: number; rows: number }
}

interface Stamp extends KeptLoad {
  sources: string
  loadedAt: number
}

const oneDayMs = 24 * 60 * 60 * 1000

/** What the loaded database is made of: the migrations, the demo seed and the loader. */
async function sourcesHash(repoRoot: string): Promise<string> {
  const hash = createHash('sha256')
  const migrations = join(repoRoot, 'supabase/migrations')
  const files = [...(await readdir(migrations)).sort().map((name) => join(migrations, name)), join(repoRoot, 'supabase/seed.sql'), join(repoRoot, 'scripts/seed-history.ts')]
  // Named relative to the repository: a kept copy serves every checkout of the same sources.
  for (const file of files) hash.update(relative(repoRoot, file)).update(await readFile(file))
  return hash.digest('hex')
}

/** The kept history of `label` ("PGlite 1M"), when BENCH_HISTORY_KEEP names a folder; undefined otherwise. */
export function keptHistory(repoRoot: string, label: string) {
  const root = process.env.BENCH_HISTORY_KEEP?.trim()
  if (!root) return undefined
  const folder = join(root, label.replace(/\W+/g, '-'))
  const stampFile = join(folder, 'loaded.json')
  const dataCopy = join(folder, 'data')
  return {
    folder,
    /** Copies the kept database into `dataDir` and says what was loaded; undefined when none fits. */
    async restore(dataDir: string): Promise<KeptLoad | undefined> {
      if (!existsSync(stampFile)) return undefined
      const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as Stamp
      if (stamp.sources !== (await sourcesHash(repoRoot)) || Date.now() - stamp.loadedAt > oneDayMs) return undefined
      await rm(dataDir, { recursive: true, force: true })
      await cp(dataCopy, dataDir, { recursive: true })
      return { summary: stamp.summary, baseline: stamp.baseline }
    },
    /** Keeps a copy of `dataDir` (closed) as loaded. */
    async keep(dataDir: string, load: KeptLoad): Promise<void> {
      await rm(folder, { recursive: true, force: true })
      await mkdir(folder, { recursive: true })
      await cp(dataDir, dataCopy, { recursive: true })
      const stamp: Stamp = { ...load, sources: await sourcesHash(repoRoot), loadedAt: Date.now() }
      await writeFile(stampFile, JSON.stringify(stamp))
    },
  }
}
