// npm run bench: builds the app, then measures every budget of DESIGN §7 that exists so far.
import { execFileSync } from 'node:child_process'
import { benchFirstPaint } from './first-paint'
import { printMeasures, type Measure } from './measure'

const suites: [string, () => Promise<Measure[]>][] = [['Web app bundle', benchFirstPaint]]

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
let ok = true
for (const [title, run] of suites) ok = printMeasures(title, await run()) && ok
process.exit(ok ? 0 : 1)
