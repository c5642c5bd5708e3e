// One notification to every browser its owner subscribed, at once.
import { isAllowedPushEndpoint } from './allowed-endpoint.ts'
import type { SendPushConfig } from './config.ts'
import { fetchPushDeliveries, forgetPushSubscription, type PushDeliveries, type PushSubscriptionRow } from './deliveries.ts'
import { pushRequest } from './push-request.ts'
import { sendWithRetry, type SendContext } from './send-with-retry.ts'

export interface DeliverySummary {
  sent: number
  /** Gone at their push service (404, 410), and so removed. */
  forgotten: number
  /** Not on a push service's host: never called. */
  skipped: number
  failed: number
}

type Outcome = keyof DeliverySummary

/** The most browsers one notification is pushed to, whatever the database answers (it keeps 10 a user too). */
export const MAX_SUBSCRIPTIONS_PER_NOTIFICATION = 10

/** null when there is no such notification. */
export async function deliverNotification(notificationId: string, config: SendPushConfig, context: SendContext): Promise<DeliverySummary | null> {
  const deliveries = await fetchPushDeliveries(config, notificationId, context.signal)
  if (!deliveries) return null
  const outcomes = await Promise.all(deliveries.subscriptions.slice(0, MAX_SUBSCRIPTIONS_PER_NOTIFICATION).map((subscription) => deliverTo(subscription, deliveries, config, context)))
  const summary: DeliverySummary = { sent: 0, forgotten: 0, skipped: 0, failed: 0 }
  for (const outcome of outcomes) summary[outcome] += 1
  return summary
}

async function deliverTo(subscription: PushSubscriptionRow, { notification }: PushDeliveries, config: SendPushConfig, context: SendContext): Promise<Outcome> {
  if (!isAllowedPushEndpoint(subscription.endpoint, config.extraPushHosts)) {
    context.log(`[send-push] skipped an endpoint on ${hostOf(subscription.endpoint)}: not a push service`)
    return 'skipped'
  }
  try {
    const outcome = await sendWithRetry(pushRequest(notification, subscription, config.vapid), context)
    if (outcome !== 'gone') return outcome
    await forgetPushSubscription(config, subscription.endpoint, context.signal)
    return 'forgotten'
  } catch (error) {
    // Keys web-push cannot encrypt for, or the database out of reach while forgetting.
    context.log(`[send-push] notification ${notification.id} to ${hostOf(subscription.endpoint)}: ${error instanceof Error ? error.message : String(error)}`)
    return 'failed'
  }
}

function hostOf(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).host : 'an unreadable URL'
}
