import { describeError, type SuiteReporter } from './runner'

export interface Measure {
  name: string
  value: number
  unit: string
  /** The most `value` may be (DESIGN §7); over it the bench exits non-zero. */
  budget?: number
  /** The least `value` may be (a score); under it the bench exits non-zero. */
  floor?: number
  /** Printed under the measure when it misses its budget or floor: what to fix. */
  whyMissed?: string[]
}

/** The value `p` (0 to 1) of the way up the sorted values. */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!

const shown = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1))

function verdict({ value, budget, floor }: Measure): { missed: boolean; text: string } {
  if (budget !== undefined) return value > budget ? { missed: true, text: `  OVER budget ${budget}` } : { missed: false, text: `  (budget ≤ ${budget})` }
  if (floor !== undefined) return value < floor ? { missed: true, text: `  UNDER budget ${floor}` } : { missed: false, text: `  (budget ≥ ${floor})` }
  return { missed: false, text: '' }
}

export function printMeasures(title: string, measures: Measure[]): boolean {
  console.log(`\n${title}`)
  let withinBudget = true
  for (const measure of measures) {
    const { name, value, unit, whyMissed = [] } = measure
    const { missed, text } = verdict(measure)
    if (missed) withinBudget = false
    console.log(`  ${name.padEnd(58)} ${shown(value).padStart(9)} ${unit}${text}`)
    if (missed) for (const line of whyMissed) console.log(`      ${line}`)
  }
  return withinBudget
}

/** A suite that did not finish: its first error (what to fix), and how many followed it. */
export function printFailure(title: string, first: unknown, later: unknown[]): void {
  console.log(`\n${title}`)
  const [message, ...rest] = describeError(first)
  console.log(`  FAILED: ${message}`)
  for (const line of rest) console.log(`    ${line}`)
  if (later.length) console.log(`  (${later.length} later error${later.length === 1 ? '' : 's'}, the next: ${describeError(later[0])[0]})`)
}

export const consoleReporter: SuiteReporter = { measures: printMeasures, failed: printFailure }
