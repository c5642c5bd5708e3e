import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../tests/unit/render'
import { useDeviceWrite } from './use-device-write'

function Saver({ change, onSaved }: { change: () => Promise<unknown>; onSaved: (saved: boolean) => void }) {
  const write = useDeviceWrite()
  return (
    <button type="button" onClick={() => void write(change).then(onSaved)}>
      Save
    </button>
  )
}

async function save(change: () => Promise<unknown>, lang: 'es' | 'en' = 'en') {
  cleanup()
  useToastStore.setState({ current: null, queue: [] })
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const onSaved = vi.fn()
  renderScreen(<Saver change={change} onSaved={onSaved} />, { lang })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  await vi.waitFor(() => expect(onSaved).toHaveBeenCalled())
  return { saved: onSaved.mock.calls[0]![0] as boolean, toast: useToastStore.getState().current }
}

const named = (name: string, message = name) => Object.assign(new Error(message), { name })

describe('a change to the device’s copy', () => {
  it('says nothing when it is saved', async () => {
    expect(await save(async () => 'done')).toEqual({ saved: true, toast: null })
  })

  it('says why when it is not, in the user’s language, and that nothing was changed', async () => {
    const quota = await save(() => Promise.reject(named('QuotaExceededError', 'The quota has been exceeded.')))
    expect(quota.saved).toBe(false)
    expect(quota.toast).toMatchObject({ variant: 'destructive', title: 'Not saved on this device', description: expect.stringContaining('out of storage space') })

    const signedOut = await save(() => Promise.reject(named('NotOwnerError')), 'es')
    expect(signedOut.toast?.description).toMatch(/^Ya no has iniciado sesión en este dispositivo/)

    // Dexie wraps the browser's error: the cause tells.
    const wrapped = await save(() => Promise.reject(Object.assign(named('AbortError', 'Transaction aborted'), { cause: named('QuotaExceededError') })))
    expect(wrapped.toast?.description).toContain('out of storage space')

    const other = await save(() => Promise.reject(named('DatabaseClosedError', 'Database has been closed')))
    expect(other.toast?.description).toContain('(Database has been closed)')
  })
})
