// A bad link between the app and the local backend, as TCP sees it: what the client sends goes
// through a bottleneck of `bytesPerSecond` and takes half the round trip to arrive, answers take
// the other half, and a drop cuts every connection at once and refuses new ones for a while (a
// warehouse's Wi-Fi re-associating, a phone between cells). It counts the client's bytes that went
// onto the link, including those a drop lost on the way: the bytes on the wire. It forwards bytes
// as they come, so a browser may also use it as its HTTP proxy to the one server behind it.
import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface SlowLink {
  url: string
  /** The client's bytes that went onto the link so far. */
  bytesUp: number
  /** The bottleneck, client to server. */
  bytesPerSecond: number
  /** The round trip's latency, split evenly between the two ways. */
  latencyMs: number
  /** Cuts every connection now and refuses new ones until `up`. */
  down(): void
  up(): void
  /** `down`, then `up` after `ms`. */
  drop(ms: number): void
  /** Connections refused while down. */
  refused: number
  close(): Promise<void>
}

/** Bytes let through the bottleneck at a time: small enough that the flow is smooth. */
const SLICE_BYTES = 1024

export async function startSlowLink(port: number, target: string, { bytesPerSecond, latencyMs }: { bytesPerSecond: number; latencyMs: number }): Promise<SlowLink> {
  const upstream = new URL(target)
  const sockets = new Set<Socket>()
  let isDown = false
  const later = (ms: number, run: () => void) => (ms > 0 ? setTimeout(run, ms) : run())

  const link: SlowLink = {
    url: '',
    bytesUp: 0,
    bytesPerSecond,
    latencyMs,
    refused: 0,
    down() {
      isDown = true
      for (const socket of sockets) socket.destroy()
    },
    up() {
      isDown = false
    },
    drop(ms) {
      link.down()
      setTimeout(() => link.up(), ms)
    },
    close: async () => {},
  }

  /** Client to server: sliced, through the bottleneck (a clock of when it is free next, so timers' lateness does not add up), then half the latency. */
  function upstreamFrom(client: Socket, server: Socket) {
    const waiting: Buffer[] = []
    let freeAt = 0
    let pumping = false
    const pump = async () => {
      pumping = true
      while (waiting.length > 0) {
        const chunk = waiting.shift()!
        for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
          const slice = chunk.subarray(at, at + SLICE_BYTES)
          freeAt = Math.max(freeAt, performance.now()) + (slice.length / link.bytesPerSecond) * 1000
          await new Promise((resolve) => setTimeout(resolve, freeAt - performance.now()))
          if (client.destroyed || server.destroyed) return
          link.bytesUp += slice.length
          later(link.latencyMs / 2, () => server.destroyed || server.write(slice))
        }
      }
      pumping = false
      client.resume()
    }
    client.on('data', (chunk: Buffer) => {
      waiting.push(chunk)
      client.pause()
      if (!pumping) void pump()
    })
  }

  const server = createServer((client) => {
    if (isDown) {
      link.refused++
      return client.destroy()
    }
    const toServer = connect(Number(upstream.port), upstream.hostname)
    for (const socket of [client, toServer]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => sockets.delete(socket))
    }
    client.on('close', () => toServer.destroy())
    // What the server sent before it closed still arrives (after the latency), then the client's side closes.
    toServer.on('close', () => later(link.latencyMs / 2, () => client.destroy()))
    upstreamFrom(client, toServer)
    toServer.on('data', (chunk: Buffer) => later(link.latencyMs / 2, () => client.destroyed || client.write(chunk)))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  link.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  link.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return link
}
