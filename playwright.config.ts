import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { backendPort, mailCatcherPort } from './tests/e2e/backend'
import { chromiumLaunchOptions } from './tests/e2e/chromium'

// E2E_APP_PORT moves the app, for two runs side by side (the auth redirects allow any localhost port).
const appPort = Number(process.env.E2E_APP_PORT ?? 4173)
// A fresh stand-in database for every run (migrations + seed), on a port of its own.
const backendDir = process.env.E2E_BACKEND_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-backend-'))
process.env.E2E_BACKEND_DIR = backendDir

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Room for a machine twice as slow with another process busy (a login there can take 9 s): tests
  // wait for states, so a generous limit costs nothing when things work, and a state that never
  // comes still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Rates are global: the test that changes them runs after every other test, which reads prices.
  // Web Push needs notifications, which only the full browser grants (tests/e2e/chromium.ts).
  projects: [
    { name: 'app', testIgnore: [/rates\.spec\.ts/, /push\.spec\.ts/] },
    { name: 'full-browser', testMatch: /push\.spec\.ts/, use: { launchOptions: chromiumLaunchOptions('full') } },
    { name: 'rates', testMatch: /rates\.spec\.ts/, dependencies: ['app'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${appPort}`,
    launchOptions: chromiumLaunchOptions(),
    // Recording a trace of every test took a third of the suite's time on 2 cores: CI records the
    // retry of a test that failed (locally, `--trace on`).
    trace: 'on-first-retry',
  },
  webServer: [
    {
      command: 'npx tsx supabase/local/main.ts',
      // The suite signs up and signs in dozens of users from one address within minutes: config.toml's
      // auth rate limits times 100. The app's port is site_url's, so its auth links are allowed. Pushes
      // may go to the test's own push service on loopback (tests/e2e/push.spec.ts). Its Stripe takes any free port,
      // beside a developer's `npm run backend` on 54325; its mail catcher the port after its own, where the tests read mail.
      env: { SUPABASE_LOCAL_PORT: String(backendPort), SUPABASE_LOCAL_DIR: backendDir, SUPABASE_LOCAL_QUIET: '1', SUPABASE_LOCAL_RATE_LIMIT_SCALE: '100', PUSH_ENDPOINT_HOSTS: '127.0.0.1', SUPABASE_LOCAL_STRIPE_PORT: '0', SUPABASE_LOCAL_MAIL_PORT: String(mailCatcherPort) },
      url: `http://127.0.0.1:${backendPort}/auth/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite preview --port ${appPort} --strictPort`,
      url: `http://localhost:${appPort}/es`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
