import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { standInMode } from '../../scripts/backend-env'

/** The path of the .gitignore line that ignores `path`, or null when git would add it. */
function ignoredBy(path: string): string | null {
  try {
    // --no-index: the patterns decide, even for a file someone already added by mistake.
    return execFileSync('git', ['check-ignore', '--no-index', '--verbose', path], { encoding: 'utf8' }).split('\t')[0] ?? null
  } catch (error) {
    if ((error as { status?: number }).status === 1) return null
    throw error
  }
}

describe('.gitignore', () => {
  // scripts/backend-env.ts tells people to put a project's keys in .env.production.local.
  it.each(['.env.local', '.env.production.local', '.env.development.local', `.env.${standInMode}.local`])('keeps %s, where keys go, out of git', (file) => {
    expect(ignoredBy(file)).toMatch(/^\.gitignore:\d+:\.env\*\.local$/)
  })

  it.each(['.env', '.env.production'])('still lets %s (shared settings, no secrets) be committed', (file) => {
    expect(ignoredBy(file)).toBeNull()
  })
})
