import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The built app on an origin of its own, in front of the preview server, where a test can deploy a
 * new build while a page stays open: from then on the server's sw.js differs from the installed one
 * by a comment, so the browser's next update check installs it as a new version. (Playwright's
 * routes never see that check: the browser makes it outside any page or worker.) Its own origin
 * keeps the other tests, which share the preview server, away from the new version.
 */
export async function startDeployableSite(upstream: string): Promise<{ url: string; deploy: () => void; stop: () => Promise<void> }> {
  let deployed = false
  const server: Server = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', upstream)
    if (deployed && target.pathname === '/sw.js') {
      // Asked afresh (no conditional headers): the preview server's 304 would carry no new bytes.
      fetch(target).then(
        async (answer) => {
          // Under the site's own headers (its security policy too), less those of the old bytes.
          const kept = [...answer.headers].filter(([name]) => !['content-length', 'content-encoding', 'etag', 'last-modified'].includes(name))
          outgoing.writeHead(answer.status, { ...Object.fromEntries(kept), 'cache-control': 'no-cache' })
          outgoing.end(`${await answer.text()}\n// the next build\n`)
        },
        () => outgoing.writeHead(502).end(),
      )
      return
    }
    const forwarded = request(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    forwarded.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: () => void (deployed = true),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
