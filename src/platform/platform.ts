/** Browsers on iOS that are not Safari, and in-app browsers: none of them can add the app to the home screen the Safari way. */
const notSafari = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|GSA\/|FBAN|FBAV|Instagram|Line\//

/**
 * iPhone/iPad Safari, where the only way to install is Share → Add to Home Screen (no
 * `beforeinstallprompt`). iPadOS Safari says it is a Mac: only touch gives it away.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const iosDevice = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  return iosDevice && /Version\/[\d.]+.*Safari\//.test(userAgent) && !notSafari.test(userAgent)
}

export const standaloneQuery = '(display-mode: standalone)'

/** Already running as the installed app: nothing to invite to. */
export function isStandalone(): boolean {
  return window.matchMedia?.(standaloneQuery).matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true
}
