import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** Whether `port` can be listened on, as Vite will (on localhost). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, 'localhost', () => probe.close(() => resolve(true)))
  })
}

/** `vite preview` of the last build on a port of its own, once it answers; `stop` resolves once it has exited. */
export async function startPreview(port = Number(process.env.BENCH_PREVIEW_PORT ?? 4199)): Promise<{ url: string; stop: () => Promise<void> }> {
  // Checked first: with --strictPort Vite exits when the port is taken, but whatever answers there
  // (a preview a crashed bench left running) can answer the check below before it has exited.
  if (!(await portFree(port))) throw new Error(`port ${port} is taken (a vite preview left running by an earlier bench?): stop it, or the bench measures whatever answers there`)
  // Vite itself, not through npx: killing npx would leave the server running on the port.
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort'], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  // The next suite starts a preview on the same port (--strictPort): it must be free by then.
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill()
      const killLater = setTimeout(() => server.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(killLater)
    }
  }
  const url = `http://localhost:${port}`
  // Generous: on a loaded machine Vite alone can take many seconds to start.
  const deadline = performance.now() + 60_000
  while (performance.now() < deadline) {
    // --strictPort: it exits when the port is taken, and whatever answers there is not this build.
    if (server.exitCode !== null) throw new Error(`vite preview could not start on port ${port} (is another server using it?)`)
    try {
      if ((await fetch(`${url}/es`)).ok) return { url, stop }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`${url} did not answer`)
}
