// What a Database Webhook posts: `{ type, table, schema, record, old_record }` for one row.

export type WebhookEvent =
  | { kind: 'notification'; id: string }
  /** Another table or operation: nothing to send. */
  | { kind: 'other' }
  | { kind: 'invalid'; reason: string }

export function readWebhookEvent(body: unknown): WebhookEvent {
  if (!isObject(body)) return { kind: 'invalid', reason: 'The body must be a JSON object' }
  if (body.type !== 'INSERT' || body.schema !== 'public' || body.table !== 'notifications') return { kind: 'other' }
  const id = isObject(body.record) ? body.record.id : undefined
  if (typeof id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    return { kind: 'invalid', reason: 'record.id must be the notification’s uuid' }
  }
  return { kind: 'notification', id }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
