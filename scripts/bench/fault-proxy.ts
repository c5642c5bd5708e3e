// A proxy between the app and the local backend that can lose answers: the request reaches the
// server (which commits), then the connection drops before the answer reaches the browser. This is
// what spotty Wi-Fi does to a write, and what exactly-once delivery must survive.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FaultProxy {
  url: string
  /** Share of matching answers to lose (0 disables). */
  lossRate: number
  /** Which requests may lose their answer. */
  matches: (method: string, path: string) => boolean
  /** Answers lost so far. */
  lost: number
  close(): Promise<void>
}

export async function startFaultProxy(port: number, target: string): Promise<FaultProxy> {
  const upstream = new URL(target)
  const proxy: FaultProxy = { url: `http://127.0.0.1:${port}`, lossRate: 0, matches: () => false, lost: 0, close: async () => {} }

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const lose = proxy.lossRate > 0 && proxy.matches(incoming.method ?? 'GET', incoming.url ?? '/') && Math.random() < proxy.lossRate
    const upstreamRequest = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        // As proxies say where a request came in, so the URLs the server hands out (a resumable upload's) lead back through here.
        headers: { ...incoming.headers, host: upstream.host, 'x-forwarded-host': incoming.headers.host ?? '', 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        if (lose) {
          // Let the server finish (it has committed), then cut the line before the answer is sent on.
          answer.resume()
          answer.on('end', () => {
            proxy.lost++
            outgoing.socket?.destroy()
          })
          return
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstreamRequest.on('error', () => outgoing.socket?.destroy())
    incoming.pipe(upstreamRequest)
  }

  const server = createServer(forward)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return proxy
}
