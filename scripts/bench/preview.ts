import { spawn } from 'node:child_process'

/** `vite preview` of the last build on a port of its own, once it answers. */
export async function startPreview(port = 4199): Promise<{ url: string; stop: () => void }> {
  // Vite itself, not through npx: killing npx would leave the server running on the port.
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort'], { stdio: 'ignore' })
  const url = `http://localhost:${port}`
  for (let attempt = 0; attempt < 150; attempt++) {
    // --strictPort: it exits when the port is taken, and whatever answers there is not this build.
    if (server.exitCode !== null) throw new Error(`vite preview could not start on port ${port} (is another server using it?)`)
    try {
      if ((await fetch(`${url}/es`)).ok) return { url, stop: () => server.kill() }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  server.kill()
  throw new Error(`${url} did not answer`)
}
