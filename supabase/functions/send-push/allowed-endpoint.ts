// Where a push may go: a subscription's endpoint is whatever a browser (or anyone signed in) saved,
// so only the browsers' push services are ever called, never an address of the saver's choosing.

/** Google's push services answer on these hosts exactly. */
const PUSH_SERVICE_HOSTS: ReadonlySet<string> = new Set(['fcm.googleapis.com', 'android.googleapis.com'])
/** Mozilla's, Apple's and Microsoft's answer on hosts under these domains. */
const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com']

/** Whether `endpoint` is on a browser push service (https), or on one of `extraHosts` (http or https). */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (extraHosts.includes(url.hostname)) return url.protocol === 'https:' || url.protocol === 'http:'
  if (url.protocol !== 'https:') return false
  return PUSH_SERVICE_HOSTS.has(url.hostname) || PUSH_SERVICE_DOMAINS.some((domain) => url.hostname.endsWith(`.${domain}`))
}
