export interface Measure {
  name: string
  value: number
  unit: string
  /** The most `value` may be (DESIGN §7); over it the bench exits non-zero. */
  budget?: number
}

export function printMeasures(title: string, measures: Measure[]): boolean {
  console.log(`\n${title}`)
  let withinBudget = true
  for (const { name, value, unit, budget } of measures) {
    const over = budget !== undefined && value > budget
    if (over) withinBudget = false
    const verdict = budget === undefined ? '' : over ? `  OVER budget ${budget}` : `  (budget ≤ ${budget})`
    console.log(`  ${name.padEnd(58)} ${value.toFixed(value < 10 ? 2 : 1).padStart(9)} ${unit}${verdict}`)
  }
  return withinBudget
}
