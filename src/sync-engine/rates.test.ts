import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildRates, type Rates } from '@/business-rules/rates'

// Test files share their worker's modules: this one starts the store (and the request it shares) afresh.
vi.resetModules()
const { fetchRates } = await import('@/remote/rates')
const { refreshRates } = await import('./rates')
const { useRatesStore } = await import('@/stores/rates-store')

// tests/setup/unit.ts replaces the request for rates; each test here says what it answers.
const fetched = vi.mocked(fetchRates)

const serverRates: Rates = { ...buildRates, basic_cents_per_lb: 525 }
const storedRates: Rates = { ...buildRates, basic_cents_per_lb: 510 }

describe('the current rates', () => {
  beforeEach(() => {
    useRatesStore.setState({ rates: buildRates, fetchedAt: 0 })
    fetched.mockReset()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  it("take this device's copy at once, then the server's, and keep those for next time", async () => {
    localStorage.setItem('casillero-rates', JSON.stringify(storedRates))
    let answer!: (rates: Rates) => void
    fetched.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const refreshing = refreshRates()
    expect(useRatesStore.getState().rates).toEqual(storedRates)
    answer(serverRates)
    await refreshing
    expect(useRatesStore.getState().rates).toEqual(serverRates)
    expect(JSON.parse(localStorage.getItem('casillero-rates')!)).toEqual(serverRates)
  })

  it('ask the server once in ten minutes, however many screens ask', async () => {
    fetched.mockResolvedValue(serverRates)
    await Promise.all([refreshRates(), refreshRates()])
    await refreshRates()
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it('stay as they were when the server cannot be reached, and ignore a damaged copy', async () => {
    localStorage.setItem('casillero-rates', '{"basic_cents_per_lb": "lots"}')
    fetched.mockRejectedValue(new TypeError('Failed to fetch'))
    await refreshRates()
    expect(useRatesStore.getState().rates).toEqual(buildRates)
    expect(console.warn).toHaveBeenCalled()
  })
})
