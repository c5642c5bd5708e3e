// One notification for one browser, as its push service takes it: the notification as JSON (the
// service worker writes the text, in the subscription's language), encrypted for the browser
// (RFC 8291, aes128gcm) and signed for the push service (VAPID, RFC 8292) by web-push.
import webPush, { type Urgency } from 'web-push'
import type { VapidDetails } from './config.ts'
import type { PushNotification, PushSubscriptionRow } from './deliveries.ts'

export interface PushRequest {
  endpoint: string
  headers: Record<string, string>
  body: Uint8Array<ArrayBuffer>
}

/** What the service worker receives. */
export interface PushMessage extends PushNotification {
  locale: string
}

const DAY_SECONDS = 24 * 60 * 60

/** How long a push service keeps a message for a phone that is off: a reminder about today is stale tonight. */
const TTL_SECONDS: Record<string, number> = { storage_ending: DAY_SECONDS / 2, storage_last_day: DAY_SECONDS / 2 }

/** A price waits for the customer's approval: the phone should wake for it. */
const URGENCY: Record<string, Urgency> = { shipment_awaiting_approval: 'high' }

export function pushRequest(notification: PushNotification, subscription: PushSubscriptionRow, vapid: VapidDetails): PushRequest {
  const message: PushMessage = { ...notification, locale: subscription.locale }
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    {
      vapidDetails: vapid,
      contentEncoding: 'aes128gcm',
      TTL: TTL_SECONDS[notification.kind] ?? DAY_SECONDS,
      urgency: URGENCY[notification.kind] ?? 'normal',
      topic: topicOf(notification),
    },
  )
  // fetch sets Content-Length itself; web-push gives TTL and Content-Length as numbers.
  const headers = Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length')
  return { endpoint: details.endpoint, headers: Object.fromEntries(headers.map(([name, value]) => [name, String(value)])), body: new Uint8Array(details.body) }
}

/**
 * A push service keeps one undelivered message per topic: a phone that was off hears the latest
 * news of a package or shipment, not every step (the inbox has them all). Its id without dashes is
 * 32 hex digits, the most a topic may have.
 */
function topicOf(notification: PushNotification): string | undefined {
  const { package_id: packageId, shipment_id: shipmentId } = notification.payload
  const id = typeof packageId === 'string' ? packageId : typeof shipmentId === 'string' ? shipmentId : undefined
  const topic = id?.replaceAll('-', '').toLowerCase()
  return topic && /^[0-9a-f]{32}$/.test(topic) ? topic : undefined
}
