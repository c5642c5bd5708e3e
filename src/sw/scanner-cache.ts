/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing'
import type { KeepScannerMessage } from '@/sync-engine/worker-protocol'

declare const self: ServiceWorkerGlobalScope

// The barcode scanner's WebAssembly (1.1 MB) is not precached: only the warehouse scans. The
// package tool asks the worker to keep it (a message, so it works before the worker controls the
// page), and the worker answers it from here ever after, offline too. One version is kept.
const cacheName = 'scanner-wasm'

async function keep(url: string): Promise<Response> {
  const cache = await caches.open(cacheName)
  const kept = await cache.match(url)
  if (kept) return kept
  const response = await fetch(url)
  if (response.ok) {
    for (const old of await cache.keys()) if (old.url !== new URL(url, self.location.href).href) await cache.delete(old)
    await cache.put(url, response.clone())
  }
  return response
}

export function keepScanner(): void {
  registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.wasm'), ({ url }) => keep(url.href))
  self.addEventListener('message', (event) => {
    const message = event.data as KeepScannerMessage | undefined
    if (message?.type === 'KEEP_SCANNER') event.waitUntil(keep(message.url).then(() => undefined, () => undefined))
  })
}
