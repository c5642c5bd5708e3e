import { create } from 'zustand'
import { buildRates, ratesFrom, type Rates } from '@/business-rules/rates'

const storageKey = 'casillero-rates'

interface RatesState {
  rates: Rates
  /** When the server last answered (0: not in this page's life). */
  fetchedAt: number
}

/**
 * The rates prices are worked out with. A page starts with the build's (so a prerendered page
 * hydrates as it was rendered), then takes this device's copy and the server's.
 */
export const useRatesStore = create<RatesState>(() => ({ rates: buildRates, fetchedAt: 0 }))

/** New rates from the server: shown at once and kept on this device for offline visits. */
export function setCurrentRates(rates: Rates): void {
  useRatesStore.setState({ rates: unlessUnchanged(rates), fetchedAt: Date.now() })
  try {
    localStorage.setItem(storageKey, JSON.stringify(rates))
  } catch {
    // Storage full or blocked: the rates still hold for this page.
  }
}

/** The rates shown now when `rates` says the same: a screen that shows prices then does not render again for nothing. */
export function unlessUnchanged(rates: Rates): Rates {
  const shown = useRatesStore.getState().rates
  return JSON.stringify(shown) === JSON.stringify(rates) ? shown : rates
}

/** This device's copy of the rates, if it has one. */
export function storedRates(): Rates | null {
  try {
    return ratesFrom(JSON.parse(localStorage.getItem(storageKey) ?? 'null'))
  } catch {
    return null
  }
}
