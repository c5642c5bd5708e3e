import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { supabaseAnonKey, supabaseUrl } from '@/remote/config'
import { contentImagesFrom, contentTables } from '@/remote/content'

const restApi = `${supabaseUrl}/rest/v1/`

/**
 * The blog and the FAQ read offline: the public content API's answers (only what visitors read,
 * with the anon key: an admin's reads of drafts are never kept) come from the network when it
 * answers, else from the last copy; covers are served from the copy while it is refreshed. Pages
 * warm both caches when the blog or the FAQ is opened online (warm-content-cache.ts).
 */
export function keepContent(): void {
  registerRoute(
    ({ url }) =>
      url.href.startsWith(restApi) &&
      (contentTables as readonly string[]).includes(url.pathname.slice(new URL(restApi).pathname.length)) &&
      url.searchParams.get('apikey') === supabaseAnonKey,
    new NetworkFirst({ cacheName: 'content-api', networkTimeoutSeconds: 6, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
  )
  registerRoute(
    ({ url }) => url.href.startsWith(contentImagesFrom),
    new StaleWhileRevalidate({ cacheName: 'content-covers', plugins: [new CacheableResponsePlugin({ statuses: [0, 200] })] }),
  )
}
