import { useEffect } from 'react'
import type { Rates } from '@/business-rules/rates'
import { fetchRates } from '@/remote/rates'
import { setCurrentRates, storedRates, unlessUnchanged, useRatesStore } from '@/stores/rates-store'

/** How old the rates may get before a screen that shows prices asks for them again. */
const freshForMs = 10 * 60_000

let refreshing: Promise<void> | null = null

/** This device's copy at once, then the server's unless it answered lately; without a connection, the copy stands. */
export function refreshRates(): Promise<void> {
  const { fetchedAt } = useRatesStore.getState()
  if (fetchedAt === 0) {
    const stored = storedRates()
    if (stored) useRatesStore.setState({ rates: unlessUnchanged(stored) })
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
