// A proxy between the app and the stand-in that records the answers to the pulls (an admin's or a
// customer's, and the working set's counts) and, when told to, serves them again from memory: the same first sync with
// the server's work taken out, so a bench can tell the device's share of it from the server's (the
// stand-in shares the machine's cores with the browser; a hosted project does not). It can also
// leave the directory out, to tell its share. Everything else, realtime included, passes through.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect } from 'node:net'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface AnswerReplay {
  /** Serve recorded answers (true) or record the stand-in's (false). */
  replaying: boolean
  /** While replaying, answer the directory's pull with no customers: the same sync without the directory, to tell its share. */
  withoutDirectory: boolean
  /** Pulls asked for while replaying that were never recorded (answered by the stand-in). */
  misses: number
  close(): Promise<void>
}

const PULL = /^\/rest\/v1\/rpc\/(pull_\w+|working_set_counts)$/

const body = (incoming: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => resolve(Buffer.concat(chunks)))
    incoming.on('error', reject)
  })

export async function startAnswerReplay(port: number, target: string): Promise<AnswerReplay> {
  const upstream = new URL(target)
  const answers = new Map<string, Answer>()
  const replay: AnswerReplay = { replaying: false, withoutDirectory: false, misses: 0, close: async () => {} }

  function recorded(path: string, sent: Buffer): Answer | undefined {
    const answer = answers.get(`${path} ${sent.toString()}`)
    if (!answer || !replay.withoutDirectory || !path.endsWith('/pull_directory')) return answer
    const { p_since } = JSON.parse(sent.toString()) as { p_since: string | null }
    return { ...answer, body: Buffer.from(JSON.stringify({ customers: [], removed: [], checkpoint: p_since, has_more: false })) }
  }

  function keep(path: string, sent: Buffer, answer: Answer) {
    if (answer.status === 200) answers.set(`${path} ${sent.toString()}`, answer)
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const path = incoming.url ?? '/'
    const sent = await body(incoming)
    const pull = incoming.method === 'POST' && PULL.test(path)
    if (pull && replay.replaying) {
      const answer = recorded(path, sent)
      if (answer) {
        // The app's origin is the same in both runs: the recorded CORS headers still fit.
        outgoing.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) })
        return void outgoing.end(answer.body)
      }
      replay.misses++
    }
    const forwarded = request({ hostname: upstream.hostname, port: upstream.port, path, method: incoming.method, headers: { ...incoming.headers, host: upstream.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      if (!pull || replay.replaying) return void answer.pipe(outgoing)
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        outgoing.write(chunk)
      })
      answer.on('end', () => {
        outgoing.end()
        keep(path, sent, { status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) })
      })
    })
    forwarded.on('error', () => outgoing.socket?.destroy())
    forwarded.end(sent)
  }

  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing).catch(() => outgoing.socket?.destroy()))
  // Realtime's WebSocket: the upgrade request is written on to the stand-in, then both ways piped.
  server.on('upgrade', (incoming: IncomingMessage, socket, head: Buffer) => {
    const line = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(incoming.headers).map(([name, value]) => `${name}: ${name === 'host' ? upstream.host : String(value)}`)
      line.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`)
      line.write(head)
      line.pipe(socket).pipe(line)
    })
    line.on('error', () => socket.destroy())
    socket.on('error', () => line.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  replay.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return replay
}
