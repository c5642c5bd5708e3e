/** A desk tab left open all day checks this often whether a new version was deployed. */
export const updateCheckIntervalMs = 60 * 60 * 1000

/** What the update flow uses of workbox-window's `Workbox` (a fake in the unit tests). */
export interface UpdatableWorker {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
  messageSkipWaiting(): void
}

export interface OfferUpdatesOptions {
  /** Whether a service worker controls the page now. */
  controlled: () => boolean
  /** Whether a new version is installed and waiting for the open pages to let it take over. */
  waiting: () => boolean
  /** Shows the offer (unless it is still on screen); `accept` is what its button does. */
  offer: (accept: () => void) => void
  reload: () => void
}

/**
 * Offers the reload when a new version of the service worker is ready, and reloads only once the
 * user accepts (never by itself: a half-filled form is never lost). Call it before `register()`:
 * workbox-window reports a version that was already waiting right after registering.
 *
 * - A version waiting while an older one controls the page is an update; a first install (no
 *   controller) is not, and takes the page over at once (`clientsClaim` in the worker).
 * - Accepting asks the waiting worker to skip waiting and reloads once it controls the page, so
 *   the reloaded page is served by the new version.
 * - Another tab may accept first: the new version then takes this page over too, while its code is
 *   still the old one, so the reload is offered here as well (and accepting reloads at once).
 */
export function offerUpdates(worker: UpdatableWorker, { controlled, waiting, offer, reload }: OfferUpdatesOptions) {
  let wasControlled = controlled()
  let accepted = false
  let reloading = false
  const reloadOnce = () => {
    if (reloading) return
    reloading = true
    reload()
  }
  const accept = () => {
    if (accepted) return
    accepted = true
    if (waiting()) worker.messageSkipWaiting()
    else reloadOnce()
  }
  worker.addEventListener('waiting', () => {
    if (controlled()) offer(accept)
  })
  worker.addEventListener('controlling', () => {
    if (accepted) reloadOnce()
    else if (wasControlled) offer(accept)
    wasControlled = true
  })
}

/**
 * Checks for a new version every hour and whenever the page becomes visible again (a tab brought
 * back to the front), one check at a time; a failed check (offline) waits for the next. Returns a
 * function that stops the checks.
 */
export function checkForUpdates(update: () => Promise<unknown>, { everyMs = updateCheckIntervalMs, doc = document } = {}) {
  let checking = false
  const check = () => {
    if (checking) return
    checking = true
    update()
      .catch(() => {})
      .finally(() => {
        checking = false
      })
  }
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible') check()
  }
  const timer = setInterval(check, everyMs)
  doc.addEventListener('visibilitychange', onVisibilityChange)
  return () => {
    clearInterval(timer)
    doc.removeEventListener('visibilitychange', onVisibilityChange)
  }
}
