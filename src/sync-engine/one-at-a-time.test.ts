import { describe, expect, it, vi } from 'vitest'
import { oneAtATime } from './one-at-a-time'

/** A task whose runs finish only when the test says so. */
function gatedTask() {
  const releases: (() => void)[] = []
  let running = 0
  let mostAtOnce = 0
  const task = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        releases.push(() => {
          running -= 1
          resolve()
        })
      }),
  )
  const finishCurrent = async () => {
    releases.shift()?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { task, finishCurrent, mostAtOnce: () => mostAtOnce }
}

describe('oneAtATime', () => {
  it('never runs twice at once, and a burst of asks while running costs exactly one more run', async () => {
    const { task, finishCurrent, mostAtOnce } = gatedTask()
    const run = oneAtATime(task)
    run()
    for (let i = 0; i < 10; i++) run()
    expect(task).toHaveBeenCalledTimes(1)
    await finishCurrent()
    expect(task).toHaveBeenCalledTimes(2)
    await finishCurrent()
    expect(task).toHaveBeenCalledTimes(2)
    expect(mostAtOnce()).toBe(1)
  })

  it('runs again when asked after a run has finished', async () => {
    const { task, finishCurrent } = gatedTask()
    const run = oneAtATime(task)
    run()
    await finishCurrent()
    run()
    expect(task).toHaveBeenCalledTimes(2)
  })

  it('a failed run does not block the next one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let calls = 0
    const run = oneAtATime(async () => {
      calls += 1
      if (calls === 1) throw new Error('network down')
    })
    run()
    run()
    await vi.waitFor(() => expect(calls).toBe(2))
    run()
    await vi.waitFor(() => expect(calls).toBe(3))
  })
})
