import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: false,
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['<rootDir>/src/features/public/content/**'] },
    // Long-form copy, loaded only by the pages that show it (src/i18n/content.ts).
    { path: '<rootDir>/locales/{locale}/content', include: ['src/features/public/content'] },
  ],
  format: 'po',
})
