/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { backendEnvProblem } from './scripts/backend-env.ts'
import { reactRouterTreeShaking } from './scripts/build/react-router-tree-shaking.ts'
import { securityHeaders } from './scripts/build/security-headers-plugin.ts'
import { redirectRootToDefaultLang } from './scripts/prerender/redirect-root.ts'
import { prerenderPublicPages } from './scripts/prerender/vite-plugin.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))
const prerender = prerenderPublicPages()

/** Unit tests that mock a module of the app (vi.mock): they run isolated (see the projects below). */
const moduleMockingTests = ['src/remote/client.test.ts', 'src/remote/tracking.test.ts', 'src/features/auth/start-auth.test.ts']

const config = {
  resolve: { alias: { '@': src } },
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    reactRouterTreeShaking(),
    prerender,
    redirectRootToDefaultLang(),
    VitePWA({
      // After the prerendered pages are written, so they are precached too.
      integration: { closeBundleOrder: 'post' },
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The worker tells of pushes in the customer's language, with the inbox's Lingui messages.
        buildPlugins: { vite: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()] },
        // Not wasm: the barcode scanner's reader (1.1 MB) is kept by the worker when the package tool
        // first opens (src/sw/scanner-cache.ts), so public visitors never download it.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,webmanifest,txt}'],
        // Link previews and the install dialog fetch these themselves; the app never shows them, and
        // precaching them would cost every visitor about 650 KB.
        globIgnores: ['og-image.png', 'screenshots/**'],
        // A page on its other slug (`/en/precios`) offline gets the shell, which renders it as well.
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !prerender.api.aliasFiles.has(entry.url)) })],
      },
      devOptions: { enabled: false },
    }),
    // Last: its hashes cover every page the plugins above wrote.
    securityHeaders(),
  ],
  build: { target: 'es2022', sourcemap: false },
  preview: { port: 4173, strictPort: true },
  test: {
    // One worker per core: the database and backend tests wait on Postgres and sockets much of the
    // time, so the default (a core left free) leaves half the machine idle (236 s → 158 s on 2 cores).
    maxWorkers: '100%',
    // Files share their worker's environment and imports instead of setting up their own: jsdom and
    // the imports took 80 % of the unit tests' time (104 s → 21 s on 2 cores). Each file cleans up
    // after itself (tests/setup/unit.ts, its own databases and stand-ins).
    isolate: false,
    // A state polled for is waited for as long as a loaded machine may need (the default gives up
    // after 1 s), as Testing Library's waits are (tests/setup/unit.ts); a test still ends when it is there.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          testTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          exclude: moduleMockingTests,
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        // A module mock applies only where the mocked module is imported first: in a worker shared by
        // files, that depends on which file ran before. Files that mock a module of the app get their own.
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'jsdom',
          testTimeout: 20_000,
          include: moduleMockingTests,
          isolate: true,
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'backend',
          environment: 'node',
          include: ['tests/db/**/*.test.ts', 'tests/backend/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
} satisfies UserConfig

/**
 * The browser build keeps a first visit under its JavaScript budget (scripts/bench/first-paint.ts):
 * everything the entry needs in one chunk (gzip compresses it as a whole, and one file has one
 * request), React Router's production build (its package always resolves the development one), and
 * no preload map of every lazy chunk's dependencies in the entry (the few a page has load after it,
 * and the service worker has them all after the first visit).
 */
const browserBuild = {
  ...config.build,
  modulePreload: false,
  rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
} satisfies UserConfig['build']
const reactRouterProduction = { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }
// workbox-window's `module` is an ES5 build (2.3 KB gzip); its ES2017 one is 1.4 KB, and every first visit loads it.
const workboxWindowModern = { find: /^workbox-window$/, replacement: fileURLToPath(new URL('./node_modules/workbox-window/build/workbox-window.prod.mjs', import.meta.url)) }

// Only a build needs to know its backend: dev, tests and preview use the local one unless told otherwise.
export default defineConfig(({ command, mode, isSsrBuild }): UserConfig => {
  if (command !== 'build') return config
  const problem = backendEnvProblem({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }, mode)
  if (problem) throw new Error(problem)
  // The prerender's server build (scripts/prerender) runs in Node: the plain configuration.
  if (isSsrBuild) return config
  return { ...config, resolve: { alias: [{ find: '@', replacement: src }, reactRouterProduction, workboxWindowModern] }, build: browserBuild }
})
