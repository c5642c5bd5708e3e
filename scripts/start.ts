// npm start: the local backend (stand-in with demo data) and the production build of the app,
// served together; `--dev` serves the app with Vite's dev server instead. Ctrl+C, or SIGTERM to npm
// (package.json execs this script, so no shell stands between them), stops both.
import { spawn, type ChildProcess } from 'node:child_process'

const dev = process.argv.includes('--dev')
const children: ChildProcess[] = []

function run(name: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env })
    children.push(child)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))))
  })
}

function stopAll() {
  for (const child of children) child.kill('SIGTERM')
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stopAll)

// Node itself rather than npx, whose own child would outlive a SIGTERM sent to this process.
const vite = (args: string[]): [string, string[]] => [process.execPath, ['node_modules/vite/bin/vite.js', ...args]]

try {
  const backend = run('backend', process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'])
  if (!dev) await run('build', ...vite(['build', '--mode', 'standin', '--logLevel', 'warn']))
  const app = dev ? run('vite', ...vite(['--port', '5173'])) : run('preview', ...vite(['preview', '--port', '4173', '--strictPort']))
  console.log(`\n  App: http://localhost:${dev ? 5173 : 4173}/es   (Ctrl+C stops the app and the backend)\n`)
  await Promise.race([backend, app])
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  stopAll()
}
