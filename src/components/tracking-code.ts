/** A carrier tracking number as the database keeps it: trimmed, uppercase, no whitespace anywhere. */
export function normaliseTrackingCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase()
}

export const trackingCodeLength = { min: 6, max: 40 } as const

/** What `prealerts.tracking_code` accepts once normalised. */
export const trackingCodePattern = /^[A-Z0-9-]+$/
