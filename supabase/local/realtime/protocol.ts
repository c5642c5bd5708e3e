// Phoenix channel messages as Realtime speaks them: vsn 2.0.0 (realtime-js' default) frames are
// JSON arrays `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 frames JSON objects.

export interface Message {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export interface Serializer {
  /** The message in a text frame, or undefined when the frame is not one. */
  decode(text: string): Message | undefined
  encode(message: Message): string
}

/** Phoenix assumes 1.0.0 when the client names no version. */
export const DEFAULT_VSN = '1.0.0'

export const serializers: Readonly<Record<string, Serializer>> = {
  '1.0.0': {
    decode(text) {
      const value = parseJson(text)
      if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
      const { join_ref, ref, topic, event, payload } = value as Record<string, unknown>
      return message(join_ref ?? null, ref ?? null, topic, event, payload)
    },
    encode({ joinRef, ref, topic, event, payload }) {
      return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload })
    },
  },
  '2.0.0': {
    decode(text) {
      const value = parseJson(text)
      if (!Array.isArray(value) || value.length !== 5) return undefined
      const [joinRef, ref, topic, event, payload] = value as unknown[]
      return message(joinRef, ref, topic, event, payload)
    },
    encode({ joinRef, ref, topic, event, payload }) {
      return JSON.stringify([joinRef, ref, topic, event, payload])
    },
  },
}

export type ReplyStatus = 'ok' | 'error'

/** The answer to a client's message: same refs and topic, event phx_reply. */
export function reply(to: Message, status: ReplyStatus, response: Record<string, unknown> = {}): Message {
  return { joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } }
}

/** Phoenix's notice that the server closed a channel (refs: the join's). */
export function channelClosed(topic: string, joinRef: string): Message {
  return { joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} }
}

/** Phoenix's notice that a channel crashed: the client rejoins it. */
export function channelErrored(topic: string, joinRef: string): Message {
  return { joinRef, ref: joinRef, topic, event: 'phx_error', payload: {} }
}

export interface SystemPayload {
  extension: 'system' | 'postgres_changes'
  status: ReplyStatus
  message: string
  channel: string
}

/** Realtime's `system` push: how a channel hears about its subscriptions and why it is shut down. */
export function systemMessage(topic: string, joinRef: string, payload: SystemPayload): Message {
  return { joinRef, ref: null, topic, event: 'system', payload }
}

function message(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message | undefined {
  if (!isRef(joinRef) || !isRef(ref) || typeof topic !== 'string' || typeof event !== 'string') return undefined
  return { joinRef, ref, topic, event, payload }
}

function isRef(value: unknown): value is string | null {
  return value === null || typeof value === 'string'
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
