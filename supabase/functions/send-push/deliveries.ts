// The database's part, through the project's REST API with the service role key: whom to push a
// notification to (push_deliveries), and forgetting an endpoint its push service says is gone.
import type { SendPushConfig } from './config.ts'

export interface PushNotification {
  id: string
  kind: string
  payload: Record<string, unknown>
  created_at: string
}

export interface PushSubscriptionRow {
  endpoint: string
  p256dh: string
  auth: string
  locale: string
}

export interface PushDeliveries {
  notification: PushNotification
  /** Empty when the owner muted the kind or has read it already. */
  subscriptions: PushSubscriptionRow[]
}

/** null when there is no such notification. */
export async function fetchPushDeliveries(config: SendPushConfig, notificationId: string, signal?: AbortSignal): Promise<PushDeliveries | null> {
  return (await rpc(config, 'push_deliveries', { p_notification_id: notificationId }, signal)) as PushDeliveries | null
}

export async function forgetPushSubscription(config: SendPushConfig, endpoint: string, signal?: AbortSignal): Promise<void> {
  await rpc(config, 'forget_push_subscription', { p_endpoint: endpoint }, signal)
}

async function rpc(config: SendPushConfig, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(`${config.supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: config.serviceRoleKey, Authorization: `Bearer ${config.serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
    signal,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : null
}
