/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { backendEnvProblem } from './scripts/backend-env.ts'
import { prerenderPublicPages } from './scripts/prerender/vite-plugin.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))

const config = {
  resolve: { alias: { '@': src } },
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    prerenderPublicPages(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,webmanifest,txt}'],
        // For link previews only: crawlers fetch it, the app never shows it.
        globIgnores: ['og-image.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  preview: { port: 4173, strictPort: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
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

// Only a build needs to know its backend: dev, tests and preview use the local one unless told otherwise.
export default defineConfig(({ command, mode }) => {
  if (command === 'build') {
    const problem = backendEnvProblem({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }, mode)
    if (problem) throw new Error(problem)
  }
  return config
})
