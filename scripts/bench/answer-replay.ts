// A proxy between the app and the stand-in that records the answers to the admin's pulls and, when
// told to, serves them again from memory: the same first sync with the server's work taken out, so
// a bench can tell the device's share of it from the server's (the stand-in shares the machine's
// cores with the browser; a hosted project does not). Everything else, realtime included, passes
// through.
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
  /** Pulls asked for while replaying that were never recorded (answered by the stand-in). */
  misses: number
  close(): Promise<void>
}

const PULL = /^\/rest\/v1\/rpc\/(pull_\w+|get_profiles)$/

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
  /** get_profiles is asked in batches that differ from run to run: its rows are kept one by one. */
  const profiles = new Map<string, unknown>()
  let profilesHeaders: Answer['headers'] = {}
  const replay: AnswerReplay = { replaying: false, misses: 0, close: async () => {} }

  function recorded(path: string, sent: Buffer): Answer | undefined {
    if (!path.endsWith('/get_profiles')) return answers.get(`${path} ${sent.toString()}`)
    const ids = (JSON.parse(sent.toString()) as { p_ids: string[] }).p_ids
    if (!ids.every((id) => profiles.has(id))) return undefined
    return { status: 200, headers: profilesHeaders, body: Buffer.from(JSON.stringify({ profiles: ids.map((id) => profiles.get(id)) })) }
  }

  function keep(path: string, sent: Buffer, answer: Answer) {
    if (answer.status !== 200) return
    if (!path.endsWith('/get_profiles')) return void answers.set(`${path} ${sent.toString()}`, answer)
    profilesHeaders = answer.headers
    for (const profile of (JSON.parse(answer.body.toString()) as { profiles: { id: string }[] }).profiles) profiles.set(profile.id, profile)
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
