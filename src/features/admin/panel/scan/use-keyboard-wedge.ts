import { useRef, type KeyboardEvent } from 'react'

/** A USB or Bluetooth scanner types a key every few milliseconds: on average, nobody types 20 keys a second. */
export const scannerKeyGapMs = 50
/** A pause this long ends a burst. A scanner's keys can stall once in a while (a busy page, Bluetooth), without it. */
export const burstPauseMs = 250
/** Shorter bursts are a quick pair of keys a person can type, not a label. */
const minCodeLength = 4

interface Burst {
  text: string
  startedAt: number
  lastKeyAt: number
  /** What the field held before the burst's first key. */
  before: string
}

const noBurst: Burst = { text: '', startedAt: -Infinity, lastKeyAt: -Infinity, before: '' }

/**
 * Tells a keyboard-wedge scanner from a person in a text field: a burst of characters typed faster
 * than anyone can, ending in Enter or Tab (the scanner's suffix), is a scan. `onScan` gets its code
 * and what the field held before it (the field has the code typed in by then);
 * its Enter does not submit the form (the rest of the form is still to fill), its Tab moves on as
 * usual. Anything typed at a human pace, Enter included, is left alone.
 */
export function useKeyboardWedge(onScan: (code: string, before: string) => void) {
  const burst = useRef<Burst>(noBurst)

  return function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const { key, timeStamp } = event
    const current = burst.current
    const continues = timeStamp - current.lastKeyAt < burstPauseMs
    if (key === 'Enter' || key === 'Tab') {
      burst.current = noBurst
      const keys = current.text.length
      const scanned = continues && keys >= minCodeLength && (timeStamp - current.startedAt) / keys < scannerKeyGapMs
      if (!scanned) return
      if (key === 'Enter') event.preventDefault()
      onScan(current.text, current.before)
      return
    }
    // A held key repeats about as fast as a scanner types, and shortcuts are no part of a code.
    if (event.repeat || event.ctrlKey || event.metaKey) {
      burst.current = noBurst
      return
    }
    // Shift (a scanner presses it for capitals), arrows and the like type nothing.
    if (key.length !== 1) return
    burst.current = continues ? { ...current, text: current.text + key, lastKeyAt: timeStamp } : { text: key, startedAt: timeStamp, lastKeyAt: timeStamp, before: event.currentTarget.value }
  }
}
