// Messages between the page and the service worker: the outbox, and the files the worker keeps.

/** The Background Sync tag the page registers after queueing a change. */
export const outboxSyncTag = 'outbox'

/** The service worker asks an open page to send the outbox; the page answers `{ done }` on the message port. */
export const flushRequest = 'flush-outbox'

export interface FlushReply {
  /** Nothing is left to send (conflicts and refusals wait for the admin, not for the network). */
  done: boolean
}

/** The package tool asks the worker to keep the barcode scanner's WebAssembly for offline scanning (src/sw/scanner-cache.ts). */
export interface KeepScannerMessage {
  type: 'KEEP_SCANNER'
  url: string
}
