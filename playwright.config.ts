import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/e2e/chromium'

const appPort = 4173

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${appPort}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: `npx vite preview --port ${appPort} --strictPort`,
      url: `http://localhost:${appPort}/es`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
