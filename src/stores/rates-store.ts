import { useEffect } from 'react'
import { create } from 'zustand'
import { buildRates, ratesFrom, type Rates } from '@/business-rules/rates'
import { fetchRates } from '@/remote/rates'

const storageKey = 'casillero-rates'
/** How old the rates may get before a screen that shows prices asks for them again. */
const freshForMs = 10 * 60_000

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
  useRatesStore.setState({ rates, fetchedAt: Date.now() })
  try {
    localStorage.setItem(storageKey, JSON.stringify(rates))
  } catch {
    // Storage full or blocked: the rates still hold for this page.
  }
}

function storedRates(): Rates | null {
  try {
    return ratesFrom(JSON.parse(localStorage.getItem(storageKey) ?? 'null'))
  } catch {
    return null
  }
}

let refreshing: Promise<void> | null = null

/** This device's copy at once, then the server's unless it answered lately; without a connection, the copy stands. */
export function refreshRates(): Promise<void> {
  const { fetchedAt } = useRatesStore.getState()
  if (fetchedAt === 0) {
    const stored = storedRates()
    if (stored) useRatesStore.setState({ rates: stored })
  }
  if (refreshing || Date.now() - fetchedAt < freshForMs) return refreshing ?? Promise.resolve()
  refreshing = fetchRates()
    .then(setCurrentRates, (error: unknown) => console.warn('The current rates could not be fetched; prices use the last ones known', error))
    .finally(() => (refreshing = null))
  return refreshing
}

/** The current rates; a screen that shows prices brings them up to date after it first renders. */
export function useRates(): Rates {
  useEffect(() => void refreshRates(), [])
  return useRatesStore((state) => state.rates)
}
