import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { buildRates } from '@/business-rules/rates'
import { useToastStore } from '@/stores/toast-store'

// Screens that show prices get the build's rates from the "server": no unit test asks a real one.
vi.mock('@/remote/rates', () => ({ fetchRates: vi.fn(async () => buildRates) }))

const initialToasts = useToastStore.getState()

afterEach(() => {
  cleanup()
  useToastStore.setState(initialToasts, true)
  localStorage.clear()
})
