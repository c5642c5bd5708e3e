// npm run bench: builds the app, then measures every budget of DESIGN §7.
// `npm run bench -- lighthouse realtime` runs only the suites named (their keys below).
import { execFileSync } from 'node:child_process'
import { benchBackendUrl } from './environment'
import { benchFirstPaint } from './first-paint'
import { benchLighthouse } from './lighthouse'
import { printMeasures, type Measure } from './measure'
import { benchOutboxReplay } from './outbox-replay'
import { benchRealtime } from './realtime'
import { benchStandIn } from './standin'
import { benchSyncPull } from './sync-pull'

const suites: Record<string, [string, () => Promise<Measure[]>]> = {
  bundle: ['Web app bundle', benchFirstPaint],
  lighthouse: ['Lighthouse (mobile, simulated slow 4G)', benchLighthouse],
  standin: ['Local stand-in', benchStandIn],
  pull: ['Sync engine: pulls', benchSyncPull],
  outbox: ['Sync engine: the outbox', benchOutboxReplay],
  realtime: ['Live updates (Realtime)', benchRealtime],
}

const asked = process.argv.slice(2)
const unknown = asked.filter((key) => !(key in suites))
if (unknown.length) {
  console.error(`Unknown bench suite ${unknown.join(', ')}; the suites are ${Object.keys(suites).join(', ')}.`)
  process.exit(2)
}
const chosen = asked.length ? asked : Object.keys(suites)

// Built against the bench's own stand-in, so a running `npm start` is left alone.
execFileSync('npx', ['vite', 'build', '--mode', 'standin', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, VITE_SUPABASE_URL: benchBackendUrl } })
let ok = true
for (const key of chosen) {
  const [title, run] = suites[key]!
  ok = printMeasures(title, await run()) && ok
}
process.exit(ok ? 0 : 1)
