import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the gateway does with a request: pass it on; answer 503 itself, as a gateway does while the
 * service behind it restarts; pass it on and answer 503 all the same, as a gateway that gave up
 * waiting while the service went on and recorded it (the answer is lost); drop the connection
 * unanswered, as a link that died; or pass it on with its token's signature spoiled, as a token the
 * service no longer takes (it answers 401 itself).
 */
export type GatewayAnswer = 'forward' | 'unavailable' | 'forward-then-unavailable' | 'no-answer' | 'revoked-token'

export interface FlakyGateway {
  url: string
  close(): Promise<void>
}

function unavailable(response: ServerResponse) {
  response.writeHead(503, { 'content-type': 'text/html' })
  response.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>')
}

/** The request's bearer token with a signature that is not the service's. */
function revoked({ authorization }: IncomingMessage['headers']) {
  return authorization?.replace(/\.[^.]*$/, '.revoked')
}

/**
 * A real HTTP gateway in front of `upstream` (the stand-in), answering each request as `decide`
 * says; a request whose answer is a promise is held open until it settles.
 */
export async function startFlakyGateway(upstream: string, decide: (path: string, method: string) => GatewayAnswer | Promise<GatewayAnswer>): Promise<FlakyGateway> {
  const target = new URL(upstream)
  const server = createServer(async (incoming, response) => {
    const answer = await decide(incoming.url ?? '/', incoming.method ?? 'GET')
    if (answer === 'unavailable' || answer === 'no-answer') {
      incoming.resume()
      incoming.on('end', () => (answer === 'unavailable' ? unavailable(response) : response.socket?.destroy()))
      return
    }
    const headers = { ...incoming.headers, host: target.host, ...(answer === 'revoked-token' ? { authorization: revoked(incoming.headers) } : {}) }
    const forwarded = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers }, (reply) => {
      if (answer === 'forward-then-unavailable') {
        reply.resume()
        reply.on('end', () => unavailable(response))
        return
      }
      response.writeHead(reply.statusCode ?? 502, reply.headers)
      reply.pipe(response)
    })
    forwarded.on('error', () => unavailable(response))
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
