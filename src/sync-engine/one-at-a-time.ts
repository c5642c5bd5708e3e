/** A task run one at a time (see `oneAtATime`). */
export interface SerialTask {
  /** Asks for a run; resolves once a run that began after this call has ended. */
  (): Promise<void>
  /** Resolves once the task is neither running nor asked to run again. */
  idle(): Promise<void>
}

/**
 * Runs `task` one at a time: asking while it runs asks for exactly one more run afterwards, however
 * often it was asked, so a burst of triggers (reconnect, visibility, queued changes) costs at most
 * one extra refresh. A failed run does not stop later ones.
 */
export function oneAtATime(task: () => Promise<void>): SerialTask {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  const start = (): Promise<void> => {
    const run: Promise<void> = task()
      .catch((error: unknown) => console.error('A sync task failed', error))
      .finally(() => {
        if (running === run) running = null
      })
    running = run
    return run
  }
  const request = (() => {
    if (!running) return start()
    next ??= running.then(() => {
      next = null
      return start()
    })
    return next
  }) as SerialTask
  request.idle = async () => {
    while (running || next) await (next ?? running)
  }
  return request
}
