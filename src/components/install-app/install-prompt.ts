/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

declare global {
  interface Window {
    /** An offer index.html's inline script kept before this module was loaded. */
    earlyInstallOffer?: BeforeInstallPromptEvent
  }
}

let offered: BeforeInstallPromptEvent | null = (typeof window !== 'undefined' && window.earlyInstallOffer) || null
let prompting = false
let installed = false
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The browser offers to install the app, and it is not installed yet. */
export const installPromptAvailable = () => offered !== null && !installed

/** Installed during this visit (the browser's own UI or our prompt). */
export const installedNow = () => installed

/**
 * Shows the browser's install dialog. An offer can be shown once: after the user's choice it is
 * gone, and Chromium makes a new one later if the app is still not installed.
 */
export async function promptInstall(): Promise<void> {
  const event = offered
  if (!event || prompting) return
  prompting = true
  try {
    await event.prompt()
    if ((await event.userChoice).outcome === 'accepted') installed = true
  } finally {
    prompting = false
    if (offered === event) offered = null
    changed()
  }
}

// Chromium may offer installation before React has rendered anything: index.html keeps an offer
// made before this module loads, and from then on this module listens and keeps it until a
// button shows it.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offered = event as BeforeInstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    installed = true
    offered = null
    changed()
  })
}
