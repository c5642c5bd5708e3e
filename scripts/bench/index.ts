// npm run bench: builds the app, then measures every budget of DESIGN §7.
// Chromium comes from Debian's package, installed when missing (scripts/ensure-chromium.sh).
// `npm run bench -- lighthouse realtime` runs only the suites named (their keys below).
// A suite that fails is reported with its first error and the others still run; the exit code is
// non-zero when one failed or missed a budget.
import { execFileSync } from 'node:child_process'
import { benchBackendUrl } from './environment'
import { benchDirectory } from './directory'
import { benchFirstPaint } from './first-paint'
import { benchHistory } from './history'
import { benchLighthouse } from './lighthouse'
import { benchMail } from './mail'
import { consoleReporter } from './measure'
import { benchOutboxReplay } from './outbox-replay'
import { benchPhotoQueue } from './photo-queue'
import { benchRealtime } from './realtime'
import { runSuites, type Suite } from './runner'
import { benchStandIn } from './standin'
import { benchStatement } from './statement'
import { benchStripeWebhook } from './stripe-webhook'
import { benchSyncPull } from './sync-pull'
import { benchUploads } from './uploads'

const suites: Suite[] = [
  { key: 'bundle', title: 'Web app bundle', run: benchFirstPaint },
  { key: 'lighthouse', title: 'Lighthouse (mobile, simulated slow 4G)', run: benchLighthouse },
  { key: 'standin', title: 'Local stand-in', run: benchStandIn },
  { key: 'pull', title: 'Sync engine: pulls', run: benchSyncPull },
  { key: 'directory', title: "The customer directory on the admin's device", run: benchDirectory },
  { key: 'outbox', title: 'Sync engine: the outbox', run: benchOutboxReplay },
  { key: 'realtime', title: 'Live updates (Realtime)', run: benchRealtime },
  { key: 'photos', title: 'Photos through the outbox', run: benchPhotoQueue },
  { key: 'uploads', title: 'Uploads over a slow link that drops', run: benchUploads },
  { key: 'history', title: 'A year of history (working set)', run: benchHistory },
  { key: 'statement', title: "A customer's statement", run: benchStatement },
  { key: 'stripe', title: 'Card payments: the Stripe webhook', run: benchStripeWebhook },
  { key: 'mail', title: 'Mail: the outbox, the sender and the catcher', run: benchMail },
]

const asked = process.argv.slice(2)
const keys = suites.map(({ key }) => key)
const unknown = asked.filter((key) => !keys.includes(key))
if (unknown.length) {
  console.error(`Unknown bench suite ${unknown.join(', ')}; the suites are ${keys.join(', ')}.`)
  process.exit(2)
}
const chosen = asked.length ? asked.map((key) => suites.find((suite) => suite.key === key)!) : suites

process.env.CHROMIUM_PATH ??= execFileSync('bash', ['scripts/ensure-chromium.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim()
// Built against the bench's own stand-in, so a running `npm start` is left alone.
execFileSync('npx', ['vite', 'build', '--mode', 'standin', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, VITE_SUPABASE_URL: benchBackendUrl } })
const { failed, withinBudget } = await runSuites(chosen, consoleReporter)
if (failed.length) console.log(`\nFailed (first error above): ${failed.join(', ')}`)
process.exit(failed.length === 0 && withinBudget ? 0 : 1)
