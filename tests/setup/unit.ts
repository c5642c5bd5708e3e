import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { useRatesStore } from '@/stores/rates-store'
import { useToastStore } from '@/stores/toast-store'

const initialToasts = useToastStore.getState()
// Screens that show prices use the build's rates, as fresh: no unit test asks a server for them.
const buildRatesOnly = { ...useRatesStore.getState(), fetchedAt: Number.POSITIVE_INFINITY }
useRatesStore.setState(buildRatesOnly, true)

afterEach(() => {
  cleanup()
  useToastStore.setState(initialToasts, true)
  localStorage.clear()
  useRatesStore.setState(buildRatesOnly, true)
})
