import { afterEach, describe, expect, it } from 'vitest'
import { useStepUpStore, withStepUp } from './step-up-store'

const refusedForCode = Object.assign(new Error('this action needs two-step verification'), { hint: 'aal2_required' })

/** An action the server refuses for want of a code until the session is at aal2. */
function sensitiveAction() {
  const state = { aal2: false, calls: 0 }
  const run = async () => {
    state.calls += 1
    if (!state.aal2) throw refusedForCode
    return 'saved'
  }
  return { state, run }
}

afterEach(() => useStepUpStore.setState({ asking: false, waiting: [] }))

describe('withStepUp', () => {
  it('asks for the code when refused with aal2_required, then does the action', async () => {
    const { state, run } = sensitiveAction()
    const result = withStepUp(run)
    await expect.poll(() => useStepUpStore.getState().asking).toBe(true)
    state.aal2 = true
    useStepUpStore.getState().answer(true)
    await expect(result).resolves.toBe('saved')
    expect(state.calls).toBe(2)
    expect(useStepUpStore.getState().asking).toBe(false)
  })

  it('leaves the refusal standing when the dialog is closed without a code', async () => {
    const { state, run } = sensitiveAction()
    const result = withStepUp(run)
    await expect.poll(() => useStepUpStore.getState().asking).toBe(true)
    useStepUpStore.getState().answer(false)
    await expect(result).rejects.toBe(refusedForCode)
    expect(state.calls).toBe(1)
  })

  it('asks once for two actions refused together, and both go on', async () => {
    const first = sensitiveAction()
    const second = sensitiveAction()
    const results = [withStepUp(first.run), withStepUp(second.run)]
    await expect.poll(() => useStepUpStore.getState().waiting.length).toBe(2)
    first.state.aal2 = second.state.aal2 = true
    useStepUpStore.getState().answer(true)
    await expect(Promise.all(results)).resolves.toEqual(['saved', 'saved'])
  })

  it('never asks for any other refusal', async () => {
    const other = Object.assign(new Error('only admins'), { hint: 'admins_only' })
    await expect(withStepUp(async () => Promise.reject(other))).rejects.toBe(other)
    expect(useStepUpStore.getState().asking).toBe(false)
  })
})
