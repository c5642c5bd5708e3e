import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { useToastStore } from '@/stores/toast-store'

const initialToasts = useToastStore.getState()

afterEach(() => {
  cleanup()
  useToastStore.setState(initialToasts, true)
  localStorage.clear()
})
