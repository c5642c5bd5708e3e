import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { access, chown, cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { applySchema, imageCacheDir, schemaHash } from '../../supabase/local/database.ts'

// A throwaway PostgreSQL 15 cluster for behaviour PGlite cannot show: it has
// one connection, so its transactions never overlap.

const binDir = '/usr/lib/postgresql/15/bin'
const run = promisify(execFile)

export interface Cluster {
  connect(): Promise<pg.Client>
  stop(): Promise<void>
}

export async function startCluster(): Promise<Cluster> {
  await access(join(binDir, 'initdb')).catch(() => {
    throw new Error(
      `PostgreSQL 15 server binaries are missing (${binDir}/initdb). Install them with \`apt-get install postgresql-15\`; ` +
        'the concurrency tests need a real PostgreSQL.',
    )
  })
  const asPostgres = await postgresRunner()
  const template = join(imageCacheDir, `postgres-15-${await schemaHash()}`)
  const root = await mkdtemp('/tmp/casillero-pg-')
  const data = join(root, 'data')
  const port = await sparePort()
  const pgCtl = (...args: string[]) => asPostgres(join(binDir, 'pg_ctl'), ['-D', data, ...args])
  const stop = async () => {
    await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {})
    await rm(root, { recursive: true, force: true })
  }
  const connect = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
    await client.connect()
    return client
  }
  const start = () => {
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
    return pgCtl('-o', options, '-l', join(root, 'server.log'), '-w', '-t', '30', 'start')
  }
  try {
    if (process.getuid?.() === 0) await chown(root, ...(await postgresIds()))
    if (existsSync(template)) {
      // A copy of a cluster the migrations were applied to, shut down cleanly: seconds saved per test file.
      await cp(template, data, { recursive: true, preserveTimestamps: true })
      if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:', data])
      await start()
      return { connect, stop }
    }
    await asPostgres(join(binDir, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
    await start()
    const owner = await connect()
    try {
      await applySchema((sql) => owner.query(sql))
    } finally {
      await owner.end()
    }
    await keepAsTemplate(data, template, pgCtl)
    await start()
  } catch (error) {
    await stop()
    throw error
  }
  return { connect, stop }
}

/** Stops the freshly migrated cluster cleanly and copies its data folder to `template` (unless another process did first). */
async function keepAsTemplate(data: string, template: string, pgCtl: (...args: string[]) => Promise<unknown>) {
  await pgCtl('-m', 'fast', '-w', 'stop')
  const partial = `${template}.${process.pid}.partial`
  await mkdir(imageCacheDir, { recursive: true })
  await cp(data, partial, { recursive: true, preserveTimestamps: true })
  await rm(join(partial, 'postmaster.opts'), { force: true })
  await rename(partial, template).catch(() => rm(partial, { recursive: true, force: true }))
}

/** PostgreSQL refuses to run as root, so as root we run its binaries as `postgres` (created if missing). */
async function postgresRunner(): Promise<(file: string, args: string[]) => Promise<unknown>> {
  if (process.getuid?.() !== 0) return (file, args) => run(file, args)
  await run('id', ['-u', 'postgres']).catch(() => run('useradd', ['--system', '--no-create-home', '--shell', '/bin/false', 'postgres']))
  return (file, args) => run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/tmp' })
}

async function postgresIds(): Promise<[number, number]> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
  return [Number(uid.trim()), Number(gid.trim())]
}

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** Opens a transaction on `client` as PostgREST would for these claims (same settings as withClaims). */
export async function beginAs(client: pg.Client, claims: JwtClaims): Promise<void> {
  await client.query('begin')
  await client.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
    [claims.role, JSON.stringify(claims), claims.sub ?? ''],
  )
}

/** Runs one statement in its own transaction as these claims and commits. */
export async function queryAs<R extends pg.QueryResultRow>(
  client: pg.Client,
  claims: JwtClaims,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  await beginAs(client, claims)
  try {
    const { rows } = await client.query<R>(sql, params)
    await client.query('commit')
    return rows
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}

/**
 * Waits until `client`'s backend is blocked on a lock (seen by `observer`, another connection): the
 * race a concurrency test sets up has begun. Polls pg_stat_activity; gives up after 5 s.
 */
export async function waitUntilBlocked(observer: pg.Client, client: pg.Client, lock: string): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID
  for (let i = 0; i < 200; i++) {
    const { rows } = await observer.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [pid])
    if (rows.length > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`the second connection never blocked on ${lock}`)
}
