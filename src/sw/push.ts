/// <reference lib="webworker" />
import { setupI18n } from '@lingui/core'
import { accountPaths } from '@/i18n/account-paths'
import { notificationText } from '@/i18n/notification-text'
import { dashboardTabPath } from '@/i18n/dashboard-tabs'
import { isLang, type Lang } from '@/i18n/locales'
import { shipmentPaths } from '@/i18n/shipment-paths'
import type { NotificationRow } from '@/local-db/rows'
import { unreadNotificationCount } from '@/local-db/unread-count'
import { showAppBadge } from '@/platform/app-badge'
import { supabaseAnonKey, supabaseUrl } from '@/remote/config'
import { messages as en } from '../../locales/en/notifications.po'
import { messages as es } from '../../locales/es/notifications.po'

declare const self: ServiceWorkerGlobalScope

/** What the backend's send-push function sends: a notification, and the language its subscription was saved in. */
type PushMessage = Omit<NotificationRow, 'read_at'> & { locale: string }

const i18n = setupI18n({ messages: { es, en } })

/**
 * Where a tap on it leads, in the tab it belongs to: the shipment's page (in Shipments: a charge to
 * approve, a box on its way), else Packages, whose list has the package (arrived, moved, storage ending).
 */
function screenOf(message: PushMessage, lang: Lang): string {
  const { shipment_id, entry_id } = message.payload
  if (message.kind === 'payment_received' && entry_id) return accountPaths.receipt(lang, entry_id)
  return shipment_id ? shipmentPaths.customer(lang, shipment_id) : dashboardTabPath(lang, 'packages')
}

/** The installed app's icon counts the unread notifications, this one included (the push carries no count). */
async function updateBadge(message: PushMessage): Promise<void> {
  await showAppBadge(await unreadNotificationCount(message.id).catch(() => 1), self.navigator)
}

async function show(message: PushMessage): Promise<void> {
  const lang: Lang = isLang(message.locale) ? message.locale : 'es'
  i18n.activate(lang)
  const { title, detail } = notificationText({ ...message, read_at: null }, i18n)
  await self.registration.showNotification(title, {
    body: detail ?? undefined,
    lang,
    // The same notification pushed twice (a retry) shows once.
    tag: message.id,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: screenOf(message, lang) },
  })
}

/** A tap opens the notification's screen: in a window of the app already open, else in a new one. */
async function open(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const window = windows.find((client) => client.url === target) ?? windows[0]
  if (!window) {
    await self.clients.openWindow(target)
    return
  }
  const focused = await window.focus()
  // Only a window this worker controls can be navigated from here; another opens the screen anew.
  if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target))
}

/**
 * The push service replaced this browser's subscription: subscribe again with the same key and move
 * the saved one over. The worker has no session; the old subscription's auth secret proves it is
 * the same browser (renew_push_subscription).
 */
async function renew(old: PushSubscription | null, renewed: PushSubscription | null): Promise<void> {
  if (!old) return
  const next = renewed ?? (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: old.options.applicationServerKey }))
  const { endpoint, keys } = next.toJSON()
  await fetch(`${supabaseUrl}/rest/v1/rpc/renew_push_subscription`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_old_endpoint: old.endpoint, p_old_auth: old.toJSON().keys?.auth, p_endpoint: endpoint, p_p256dh: keys?.p256dh, p_auth: keys?.auth }),
  })
}

interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null
  readonly newSubscription: PushSubscription | null
}

export function handlePushes(): void {
  self.addEventListener('push', (event) => {
    const message = event.data?.json() as PushMessage | undefined
    // Every push shows a notification (iOS revokes push from apps that stay silent).
    if (message) event.waitUntil(Promise.all([show(message), updateBadge(message)]))
  })
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const { url } = (event.notification.data ?? {}) as { url?: string }
    event.waitUntil(open(url ?? '/'))
  })
  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as PushSubscriptionChangeEvent
    change.waitUntil(renew(change.oldSubscription, change.newSubscription))
  })
}
