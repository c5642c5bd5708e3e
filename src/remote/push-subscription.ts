import { isIosSafari, isStandalone } from '@/platform/platform'
import type { Lang } from '@/i18n/locales'
import type { Supabase } from './client'
import { supabaseAnonKey, supabaseUrl } from './config'
import { timedFetch } from './fetch'
import { RefusedError } from './refused-error'

/**
 * Whether this browser can push, and whether it does:
 * - unsupported: no Web Push here (an old browser, an in-app browser);
 * - needs-install: iPhone and iPad push only to an app added to the Home Screen;
 * - denied: the user blocked notifications for this site in the browser's settings;
 * - off / on: this browser has no subscription / has one.
 */
export type PushState = 'unsupported' | 'needs-install' | 'denied' | 'off' | 'on'

/** Who turned push on in this browser: another user signing in here does not get their notifications. */
const pushUserKey = 'casillero-push-user'

const hasPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export async function readPushState(): Promise<PushState> {
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone()) return 'needs-install'
  if (!hasPush()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  return (await currentSubscription()) ? 'on' : 'off'
}

/** The application server key (VAPID) the backend signs with, from the send-push function. */
async function applicationServerKey(): Promise<string> {
  const response = await timedFetch(`${supabaseUrl}/functions/v1/send-push`, { headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` } })
  if (!response.ok) throw new Error(`The push service key could not be read (${response.status})`)
  const { publicKey } = (await response.json()) as { publicKey?: string }
  if (!publicKey) throw new Error('The backend has no push key')
  return publicKey
}

async function save(client: Supabase, subscription: PushSubscription, lang: Lang): Promise<void> {
  const { endpoint, keys } = subscription.toJSON()
  const { error } = await client.rpc('save_push_subscription', { p_endpoint: endpoint, p_p256dh: keys?.p256dh, p_auth: keys?.auth, p_locale: lang })
  if (error) throw new RefusedError(error)
}

/**
 * Asks for permission (call it from a tap: browsers refuse otherwise), subscribes this browser and
 * saves the subscription for `userId`, in `lang`. Resolves to the state it ends in.
 */
export async function turnPushOn(client: Supabase, userId: string, lang: Lang): Promise<PushState> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  const registration = await navigator.serviceWorker.ready
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await applicationServerKey() }))
  try {
    await save(client, subscription, lang)
  } catch (error) {
    await subscription.unsubscribe()
    throw error
  }
  localStorage.setItem(pushUserKey, userId)
  return 'on'
}

/** Removes a subscription on the server: the customer's own, while their session lasts. */
export type RemoveSubscription = (endpoint: string) => Promise<unknown>

export const removeWithClient =
  (client: Supabase): RemoveSubscription =>
  async (endpoint) => {
    const { error } = await client.rpc('delete_push_subscription', { p_endpoint: endpoint })
    if (error) throw new RefusedError(error)
  }

/** With the session's token, in a request that outlives the page: a sign-out ends the session and navigates away at once. */
export const removeWithToken =
  (accessToken: string): RemoveSubscription =>
  (endpoint) =>
    fetch(`${supabaseUrl}/rest/v1/rpc/delete_push_subscription`, {
      method: 'POST',
      keepalive: true,
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_endpoint: endpoint }),
    })

/**
 * Unsubscribes this browser and removes the subscription from the server when it can. Offline, or
 * with no session, unsubscribing is enough: the push service then answers 410 for the endpoint and
 * the backend forgets it.
 */
export async function turnPushOff(removeOnServer: RemoveSubscription | null): Promise<void> {
  localStorage.removeItem(pushUserKey)
  const subscription = hasPush() ? await currentSubscription() : null
  if (!subscription) return
  void removeOnServer?.(subscription.endpoint).catch((error: unknown) => console.warn('The push subscription stays on the server until its push service says it is gone', error))
  await subscription.unsubscribe()
}

/**
 * At each start of the customer's session, and when their language changes: the subscription this
 * browser holds is saved again (the browser may have renewed it; pushes follow the language). One
 * another user turned on here is dropped.
 */
export async function keepPushSaved(client: Supabase, userId: string, lang: Lang): Promise<void> {
  if (!hasPush() || Notification.permission !== 'granted') return
  const subscription = await currentSubscription()
  if (!subscription) return
  if (localStorage.getItem(pushUserKey) !== userId) return turnPushOff(null)
  await save(client, subscription, lang)
}
