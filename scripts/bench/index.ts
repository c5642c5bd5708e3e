// npm run bench: builds the app, then measures every budget of DESIGN §7.
import { execFileSync } from 'node:child_process'
import { benchBackendUrl } from './environment'
import { benchFirstPaint } from './first-paint'
import { printMeasures, type Measure } from './measure'
import { benchOutboxReplay } from './outbox-replay'
import { benchRealtime } from './realtime'
import { benchStandIn } from './standin'
import { benchSyncPull } from './sync-pull'

const suites: [string, () => Promise<Measure[]>][] = [
  ['Web app bundle', benchFirstPaint],
  ['Local stand-in', benchStandIn],
  ['Sync engine: pulls', benchSyncPull],
  ['Sync engine: the outbox', benchOutboxReplay],
  ['Live updates (Realtime)', benchRealtime],
]

// Built against the bench's own stand-in, so a running `npm start` is left alone.
execFileSync('npx', ['vite', 'build', '--mode', 'standin', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, VITE_SUPABASE_URL: benchBackendUrl } })
let ok = true
for (const [title, run] of suites) ok = printMeasures(title, await run()) && ok
process.exit(ok ? 0 : 1)
