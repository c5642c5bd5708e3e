// npm run backend: the local stand-in for Supabase. npm run db:reset: recreate its database and exit.
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from './database'
import { DEFAULT_MAIL_PORT, DEFAULT_PORT, DEFAULT_STRIPE_PORT, SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from './keys'
import { startStandIn } from './server'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const dataDir = resolve(repoRoot, process.env.SUPABASE_LOCAL_DIR ?? '.supabase-local')
const port = Number(process.env.SUPABASE_LOCAL_PORT ?? DEFAULT_PORT)
/** 0: any free port (the e2e suite's, beside other stand-ins). */
const stripePort = Number(process.env.SUPABASE_LOCAL_STRIPE_PORT ?? DEFAULT_STRIPE_PORT)
/** 0: any free port, which `/_dev/mail` names in its Mail-Catcher header (where the e2e tests find it). */
const mailPort = Number(process.env.SUPABASE_LOCAL_MAIL_PORT ?? DEFAULT_MAIL_PORT)
const quiet = ['1', 'true'].includes(process.env.SUPABASE_LOCAL_QUIET ?? '')

async function resetOnly() {
  await rm(dataDir, { recursive: true, force: true })
  const started = performance.now()
  const { db } = await openDatabase({ dataDir, seed: true, log: (line) => console.log(`  ${line}`) })
  await db.close()
  console.log(`Recreated ${dataDir} from migrations + seed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

async function serve() {
  const started = performance.now()
  const standIn = await startStandIn({ port, dataDir, quiet, stripePort, mailPort })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`
  Supabase local stand-in is running (started in ${seconds} s)

  API URL          ${standIn.url}   (auth, rest; realtime at ${standIn.url.replace('http', 'ws')}/realtime/v1/websocket)
  anon key         ${SUPABASE_LOCAL_ANON_KEY}
  service_role key ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}
  Mail             ${standIn.mailCatcherUrl ? `${standIn.mailCatcherUrl}  (every mail caught: Mailpit's API at /api/v1; unauthenticated, local only: loopback Host, no CORS)` : 'logged only (SUPABASE_LOCAL_DEV_MAIL=off)'}
  Stripe           ${standIn.stripeUrl ? `${standIn.stripeUrl}  (the stand-in's: test checkout pages, no card is charged)` : 'Stripe itself, with STRIPE_SECRET_KEY (README, "Card payments")'}
  Database         ${dataDir}
                   ${standIn.fresh ? 'new: migrations and seed applied' : 'existing: pending migrations applied'} (npm run db:reset starts it over)

  Demo accounts    admin@example.com   / admin-demo-password   (admin)
                   cliente@example.com / cliente-demo-password (customer)
`)
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the stand-in…`)
    await standIn.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

try {
  for (const [name, value] of [['SUPABASE_LOCAL_PORT', port], ['SUPABASE_LOCAL_STRIPE_PORT', stripePort], ['SUPABASE_LOCAL_MAIL_PORT', mailPort]] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, not "${process.env[name]}"`)
  }
  if (process.argv.includes('--reset-only')) await resetOnly()
  else await serve()
} catch (error) {
  if ((error as { code?: unknown }).code === 'EADDRINUSE') {
    const busyPort = (error as { port?: unknown }).port
    const [busy, name] = busyPort === stripePort && stripePort !== port ? [stripePort, 'SUPABASE_LOCAL_STRIPE_PORT'] : busyPort === mailPort && mailPort !== port ? [mailPort, 'SUPABASE_LOCAL_MAIL_PORT'] : [port, 'SUPABASE_LOCAL_PORT']
    console.error(`Port ${busy} is already in use: is another stand-in (or \`supabase start\`) running? Set ${name} to use another port.`)
  } else console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
