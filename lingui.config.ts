import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: false,
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['<rootDir>/src/features/public/content/**'] },
    // Long-form copy, loaded only by the pages that show it (src/i18n/content.ts).
    { path: '<rootDir>/locales/{locale}/content', include: ['src/features/public/content'] },
  ],
  // Source files without line numbers: moving code does not make the catalogs stale.
  format: formatter({ lineNumbers: false }),
})
