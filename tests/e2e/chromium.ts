import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const headlessShell = '/usr/bin/chromium-headless-shell'

/**
 * Debian's Chromium (Playwright cannot download its own browser here), with the network chatter
 * turned off. Tests run in its headless shell (scripts/e2e.sh finds both): the same engine without
 * the full browser's UI and profile services, which cost a third of the suite's time on 2 cores.
 * The full browser is for what the shell lacks: it denies notifications whatever is granted.
 */
export function chromiumLaunchOptions(browser: 'headless-shell' | 'full' = 'headless-shell'): LaunchOptions {
  const full = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return {
    executablePath: browser === 'full' ? full : (process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? (existsSync(headlessShell) ? headlessShell : full)),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  }
}
