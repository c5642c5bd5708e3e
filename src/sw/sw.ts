/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { outboxSyncTag } from '@/sync-engine/worker-protocol'
import { keepContent } from './content-cache'
import { syncOutbox } from './outbox-sync'
import { handlePushes } from './push'
import { keepScanner } from './scanner-cache'

declare const self: ServiceWorkerGlobalScope

// The shell, every route chunk, both catalogs, logos, blog images and the prerendered public pages.
// Of the API's responses only the public blog and FAQ are cached here (content-cache.ts): IndexedDB
// is the only offline store of user data (DESIGN §2).
// A prerendered page answers its own URL, as on the server: `/es/precios` gets es/precios.html
// (precacheAndRoute tries `<path>.html`, its cleanURLs option) and hydrates.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any other in-app URL (account screens, the admin area, the other language's slug) opens offline
// after one online visit: the SPA shell handles routing.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/_dev\//] }))
keepContent()
keepScanner()
handlePushes()

// A first install controls the open page at once; an update waits until the user accepts it.
clientsClaim()

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Changes queued offline are sent when the connection returns, even with no page open.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string }
  if (sync.tag === outboxSyncTag) sync.waitUntil(syncOutbox())
})
