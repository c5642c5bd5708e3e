import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/stores/session-store'

const restoreSession = vi.fn<() => Promise<void>>()
const connectAuth = vi.fn<() => Promise<unknown>>()
vi.mock('./auth-session', () => ({ restoreSession, connectAuth }))
const { startAuth } = await import('./start-auth')

afterEach(() => {
  vi.restoreAllMocks()
  restoreSession.mockReset()
  connectAuth.mockReset()
  useSessionStore.setState({ user: null, loading: true, failure: null })
})

describe('starting the session', () => {
  it('goes on to the server’s session when this device’s copy cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    restoreSession.mockRejectedValue(new DOMException('The database connection is closing.', 'InvalidStateError'))
    connectAuth.mockResolvedValue({})
    history.replaceState(null, '', '/en/dashboard')
    await startAuth(async () => undefined)
    expect(connectAuth).toHaveBeenCalled()
    expect(useSessionStore.getState().failure).toBeNull()
  })

  it('stops loading and says why when the auth client cannot be had, instead of a spinner forever', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    restoreSession.mockResolvedValue()
    connectAuth.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    history.replaceState(null, '', '/en/dashboard')
    await startAuth(async () => undefined)
    expect(useSessionStore.getState()).toMatchObject({ loading: false, failure: 'Failed to fetch dynamically imported module' })
  })
})
