// The mail catcher on a port of its own (54324, as the Supabase CLI's Mailpit), loopback only.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerClientError, requestUrl, toHttpRequest, writeResponse } from '../http'
import { mailCatcherHandler } from './api'
import type { CaughtMail } from './messages'

export interface MailCatcher {
  url: string
  caught: CaughtMail
  close(): Promise<void>
}

const HOST = '127.0.0.1'

/** Port 0 picks a free one. */
export async function startMailCatcher(port: number, caught: CaughtMail, log: (line: string) => void): Promise<MailCatcher> {
  const handle = mailCatcherHandler(caught)
  const server = createServer((incoming, res) => {
    const url = requestUrl(incoming.url, `http://${HOST}`)
    const head = incoming.method === 'HEAD'
    if (!url) {
      writeResponse(res, { status: 400, body: 'Bad Request', close: true }, {}, head)
      return
    }
    void handle(toHttpRequest(incoming, url))
      .catch((error: unknown) => {
        log(`[mail] ${incoming.method} ${url.pathname}: ${String(error)}`)
        return { status: 500, body: 'The mail catcher failed' }
      })
      .then((response) => writeResponse(res, response, {}, head))
  })
  server.on('clientError', answerClientError)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    url: `http://${HOST}:${(server.address() as AddressInfo).port}`,
    caught,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
