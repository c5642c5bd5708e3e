// A mail provider that can be down: Mailpit's API in front of the stand-in's catcher, forwarding every
// request while up and answering 500 while down (a provider's outage, as send-mail meets it).
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProviderSwitch {
  url: string
  /** While true, every request is answered 500 and nothing reaches the catcher. */
  down: boolean
  /** Requests answered 500 so far. */
  refused: number
  close(): Promise<void>
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })

export async function startProviderSwitch(catcherUrl: () => string): Promise<ProviderSwitch> {
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request)
      if (provider.down) {
        provider.refused++
        return response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"the provider is down"}')
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host'))
      const answer = await fetch(`${catcherUrl()}${request.url}`, { method: request.method, headers, body: body || undefined })
      response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text())
    })().catch(() => response.writeHead(502).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const provider: ProviderSwitch = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down: false,
    refused: 0,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
  return provider
}
