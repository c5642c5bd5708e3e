import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { buildRates } from '@/business-rules/rates'
import { useToastStore } from '@/stores/toast-store'

// Screens that show prices get the build's rates from the "server": no unit test asks a real one.
vi.mock('@/remote/rates', () => ({ fetchRates: vi.fn(async () => buildRates) }))

// findBy… and waitFor wait for a state: on a machine twice as slow with a core busy, a lazy import
// or an IndexedDB write can take over the library's default second, so they wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 })

const initialToasts = useToastStore.getState()

afterEach(() => {
  cleanup()
  useToastStore.setState(initialToasts, true)
  localStorage.clear()
})
