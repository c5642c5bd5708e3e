// Runs bench suites one after another. A suite that fails (throws, rejects, or leaves an unhandled
// rejection or exception behind, say from a page's event handler) is reported with its first
// error and the next suite still runs; what a suite opened is closed before the next one starts.
import { fileURLToPath } from 'node:url'
import type { Measure } from './measure'

/** What a suite opens, closed when it is over (latest first), whether it passed or failed. */
export interface SuiteScope {
  /**
   * Registers `close` for the end of the suite. Returns it to run sooner (a suite that starts the
   * same servers again closes the first ones itself); it runs once either way.
   */
  defer(close: () => unknown): () => Promise<void>
}

export interface Suite {
  key: string
  title: string
  run(scope: SuiteScope): Promise<Measure[]>
}

export interface SuiteReporter {
  /** Prints a suite's measures; false when one misses its budget. */
  measures(title: string, measures: Measure[]): boolean
  /** Prints a failed suite: its first error, and how many came after it. */
  failed(title: string, first: unknown, later: unknown[]): void
}

/** Where errors no suite code awaited show up (the process; a stand-in in tests). Returns the unsubscribe. */
export type StrayErrors = (listener: (error: unknown) => void) => () => void

export const processStrayErrors: StrayErrors = (listener) => {
  process.on('unhandledRejection', listener)
  process.on('uncaughtException', listener)
  return () => {
    process.off('unhandledRejection', listener)
    process.off('uncaughtException', listener)
  }
}

function createScope() {
  const entries: { close: () => unknown; closing?: Promise<void> }[] = []
  const start = (entry: (typeof entries)[number]) => (entry.closing ??= Promise.resolve().then(entry.close).then(() => undefined))
  return {
    defer(close: () => unknown) {
      const entry = { close }
      entries.push(entry)
      return () => start(entry)
    },
    /** Closes what the suite left open, latest first; each failure goes to `failed` and the rest still close. */
    async closeRest(failed: (error: unknown) => void) {
      for (const entry of entries.reverse()) {
        if (entry.closing) continue
        await start(entry).catch(failed)
      }
    },
  }
}

/** Node reports a rejection as unhandled once the microtasks have run: one macrotask later, all are in. */
const strayErrorsReported = () => new Promise((resolve) => setImmediate(resolve))

export interface RunOutcome {
  /** The keys of the suites that failed. */
  failed: string[]
  /** Every suite that finished met its budgets. */
  withinBudget: boolean
}

/** Runs `suites` in order, each after the last one's resources are closed. */
export async function runSuites(suites: Suite[], reporter: SuiteReporter, strayErrors: StrayErrors = processStrayErrors): Promise<RunOutcome> {
  let errors: unknown[] = []
  const unsubscribe = strayErrors((error) => errors.push(error))
  const outcome: RunOutcome = { failed: [], withinBudget: true }
  try {
    for (const suite of suites) {
      errors = []
      const scope = createScope()
      let measures: Measure[] | undefined
      try {
        measures = await suite.run({ defer: scope.defer })
      } catch (error) {
        errors.push(error)
      }
      // Nothing was closed yet on a failure: what failed first is already in `errors`, ahead of
      // whatever the closing sets off (a page's pending request rejecting as its browser goes).
      await strayErrorsReported()
      await scope.closeRest((error) => errors.push(error))
      await strayErrorsReported()
      const [first, ...later] = errors
      if (errors.length > 0) {
        outcome.failed.push(suite.key)
        reporter.failed(suite.title, first, later)
      } else if (!reporter.measures(suite.title, measures!)) {
        outcome.withinBudget = false
      }
    }
  } finally {
    unsubscribe()
  }
  return outcome
}

const runnerFile = fileURLToPath(import.meta.url)

/** The message and the first frames of the stack outside node_modules, Node and this runner: where to look. */
export function describeError(error: unknown, { frames = 3, root = process.cwd() } = {}): string[] {
  if (!(error instanceof Error)) return [String(error)]
  const message = error.message.split('\n').filter((line) => line.trim() !== '')
  const stack = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const ours = stack.filter((line) => !/node_modules|\(node:|at node:/.test(line) && !line.includes(runnerFile))
  const shown = (ours.length ? ours : stack).slice(0, frames).map((line) => `  ${line.trim().replaceAll(`${root}/`, '')}`)
  const name = error.name && error.name !== 'Error' ? `${error.name}: ` : ''
  return [`${name}${message[0] ?? ''}`, ...message.slice(1, 12), ...shown]
}
