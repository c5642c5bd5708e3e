import type { RowChange } from './changes'

// A bulk write (an import, a batch of status changes) is delivered a few hundred rows at a time.
const MAX_BATCH = 500

/**
 * Delivers changes in commit order, in batches: whatever committed while the previous batch was
 * being delivered goes next, together.
 */
export class ChangeQueue {
  readonly #pending: RowChange[] = []
  #draining: Promise<void> | undefined

  constructor(
    private readonly deliver: (changes: RowChange[]) => Promise<void>,
    private readonly log: (line: string) => void,
  ) {}

  push(change: RowChange): void {
    this.#pending.push(change)
    this.#draining ??= this.#drain()
  }

  /** Resolves once every change pushed so far is delivered. */
  idle(): Promise<void> {
    return this.#draining ?? Promise.resolve()
  }

  async #drain(): Promise<void> {
    try {
      // The notifications of one commit arrive one after another: take them as one batch.
      await Promise.resolve()
      while (this.#pending.length > 0) {
        const batch = this.#pending.splice(0, MAX_BATCH)
        try {
          await this.deliver(batch)
        } catch (error) {
          this.log(`[realtime] delivering ${batch.length} changes: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    } finally {
      this.#draining = undefined
    }
  }
}
