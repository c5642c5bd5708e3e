// npm start: the local backend (stand-in with demo data) and the production build of the app,
// served together; `--dev` serves the app with Vite's dev server instead. Ctrl+C stops both.
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
process.on('SIGINT', stopAll)
process.on('SIGTERM', stopAll)

try {
  const backend = run('backend', 'npx', ['tsx', 'supabase/local/main.ts'])
  if (!dev) await run('build', 'npx', ['vite', 'build', '--mode', 'standin', '--logLevel', 'warn'])
  const app = dev ? run('vite', 'npx', ['vite', '--port', '5173']) : run('preview', 'npx', ['vite', 'preview', '--port', '4173', '--strictPort'])
  console.log(`\n  App: http://localhost:${dev ? 5173 : 4173}/es   (Ctrl+C stops the app and the backend)\n`)
  await Promise.race([backend, app])
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  stopAll()
}
