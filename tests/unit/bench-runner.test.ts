import { describe, expect, it } from 'vitest'
import type { Measure } from '../../scripts/bench/measure'
import { describeError, runSuites, type StrayErrors, type Suite, type SuiteReporter } from '../../scripts/bench/runner'

const measure: Measure = { name: 'replay', value: 1, unit: 's', budget: 10 }

/** A reporter that writes down what it was given, and a log the suites write to as well. */
function recorder(withinBudget = true) {
  const log: string[] = []
  const failures: { title: string; first: unknown; later: unknown[] }[] = []
  const reporter: SuiteReporter = {
    measures: (title, measures) => {
      log.push(`measures ${title}: ${measures.map(({ name }) => name).join(', ')}`)
      return withinBudget
    },
    failed: (title, first, later) => {
      log.push(`failed ${title}`)
      failures.push({ title, first, later })
    },
  }
  return { log, failures, reporter }
}

/** Stands in for the process's unhandledRejection and uncaughtException events. */
function strayErrors() {
  let listener: ((error: unknown) => void) | undefined
  const source: StrayErrors = (next) => {
    listener = next
    return () => (listener = undefined)
  }
  return { source, emit: (error: unknown) => listener?.(error), listening: () => listener !== undefined }
}

describe('the bench runner', () => {
  it('reports a suite that throws with its error, closes what it opened, and runs the next suite', async () => {
    const { log, failures, reporter } = recorder()
    const suites: Suite[] = [
      {
        key: 'pull',
        title: 'Pulls',
        run: async (scope) => {
          scope.defer(() => log.push('closed the stand-in'))
          scope.defer(() => log.push('closed the browser'))
          throw new Error('the bench timed out waiting')
        },
      },
      { key: 'outbox', title: 'Outbox', run: async () => (log.push('ran outbox'), [measure]) },
    ]

    const outcome = await runSuites(suites, reporter, strayErrors().source)

    expect(outcome).toEqual({ failed: ['pull'], withinBudget: true })
    expect(log).toEqual(['closed the browser', 'closed the stand-in', 'failed Pulls', 'ran outbox', 'measures Outbox: replay'])
    expect(failures).toHaveLength(1)
    expect((failures[0]!.first as Error).message).toBe('the bench timed out waiting')
    expect(failures[0]!.later).toEqual([])
  })

  it('keeps the first error first when closing the failed suite sets off more (a page request rejecting as its browser closes)', async () => {
    const { failures, reporter } = recorder()
    const stray = strayErrors()
    const suites: Suite[] = [
      {
        key: 'pull',
        title: 'Pulls',
        run: async (scope) => {
          scope.defer(() => stray.emit(new Error('response.text: Target page, context or browser has been closed')))
          throw new Error('a pull request failed')
        },
      },
    ]

    expect(await runSuites(suites, reporter, stray.source)).toEqual({ failed: ['pull'], withinBudget: true })
    expect((failures[0]!.first as Error).message).toBe('a pull request failed')
    expect((failures[0]!.later as Error[]).map(({ message }) => message)).toEqual(['response.text: Target page, context or browser has been closed'])
  })

  it('fails a suite that resolves after an unhandled rejection, with that rejection, and still runs the next', async () => {
    const { log, failures, reporter } = recorder()
    const stray = strayErrors()
    const suites: Suite[] = [
      {
        key: 'realtime',
        title: 'Realtime',
        run: async () => {
          stray.emit(new Error('first'))
          stray.emit(new Error('second'))
          return [measure]
        },
      },
      { key: 'standin', title: 'Stand-in', run: async () => [measure] },
    ]

    expect(await runSuites(suites, reporter, stray.source)).toEqual({ failed: ['realtime'], withinBudget: true })
    expect(log).toEqual(['failed Realtime', 'measures Stand-in: replay'])
    expect((failures[0]!.first as Error).message).toBe('first')
    expect(failures[0]!.later).toHaveLength(1)
    expect(stray.listening()).toBe(false)
  })

  it('fails a suite whose closing fails, and closes the rest of what it opened', async () => {
    const { log, failures, reporter } = recorder()
    const suites: Suite[] = [
      {
        key: 'lighthouse',
        title: 'Lighthouse',
        run: async (scope) => {
          scope.defer(() => log.push('stopped the stand-in'))
          scope.defer(() => Promise.reject(new Error('preview would not stop')))
          return [measure]
        },
      },
    ]

    expect(await runSuites(suites, reporter, strayErrors().source)).toEqual({ failed: ['lighthouse'], withinBudget: true })
    expect(log).toEqual(['stopped the stand-in', 'failed Lighthouse'])
    expect((failures[0]!.first as Error).message).toBe('preview would not stop')
  })

  it('closes once what a suite already closed itself', async () => {
    const { reporter } = recorder()
    let closed = 0
    const suites: Suite[] = [
      {
        key: 'pull',
        title: 'Pulls',
        run: async (scope) => {
          const close = scope.defer(() => closed++)
          await close()
          await close()
          return [measure]
        },
      },
    ]

    await runSuites(suites, reporter, strayErrors().source)
    expect(closed).toBe(1)
  })

  it('says when a suite that finished missed a budget', async () => {
    const { reporter } = recorder(false)
    expect(await runSuites([{ key: 'pull', title: 'Pulls', run: async () => [measure] }], reporter, strayErrors().source)).toEqual({ failed: [], withinBudget: false })
  })
})

describe('an error as the bench prints it', () => {
  it('is its message and the first frames outside node_modules and Node, relative to the project', () => {
    const error = new Error('response.text: Target page, context or browser has been closed')
    error.stack = [
      `Error: ${error.message}`,
      '    at ProtocolError.throw (/work/app/node_modules/playwright-core/lib/client/connection.js:1:1)',
      '    at <anonymous> (/work/app/scripts/bench/sync-pull.ts:30:38)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at benchCustomerPull (/work/app/scripts/bench/sync-pull.ts:85:5)',
    ].join('\n')
    expect(describeError(error, { root: '/work/app' })).toEqual([
      'response.text: Target page, context or browser has been closed',
      '  at <anonymous> (scripts/bench/sync-pull.ts:30:38)',
      '  at benchCustomerPull (scripts/bench/sync-pull.ts:85:5)',
    ])
  })

  it('is the value itself when it is not an Error', () => {
    expect(describeError('TIMED_OUT')).toEqual(['TIMED_OUT'])
  })
})
