/**
 * Runs `task` one at a time: asking while it runs asks for exactly one more run afterwards, however
 * often it was asked, so a burst of triggers (reconnect, visibility, queued changes) costs at most
 * one extra refresh. A failed run does not stop later ones.
 */
export function oneAtATime(task: () => Promise<void>): () => void {
  let running = false
  let again = false
  const run = () => {
    if (running) {
      again = true
      return
    }
    running = true
    void task()
      .catch((error: unknown) => console.error('A sync task failed', error))
      .finally(() => {
        running = false
        if (again) {
          again = false
          run()
        }
      })
  }
  return run
}

/**
 * Settles after `ms` even if `work` never does, rejecting with `reason()` and aborting the signal
 * `work` was given (its late result is then ignored).
 */
export function withDeadline(work: (signal: AbortSignal) => Promise<void>, ms: number, reason: () => Error): Promise<void> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = reason()
      controller.abort(error)
      reject(error)
    }, ms)
  })
  return Promise.race([work(controller.signal), deadline]).finally(() => clearTimeout(timer))
}
