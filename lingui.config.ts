import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: false,
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['<rootDir>/src/features/{public/content,public/calculator,auth,customer,admin}/**'] },
    // Loaded only by the routes that need them (src/i18n/route-catalogs.ts): long-form copy and the calculator, and the account screens.
    { path: '<rootDir>/locales/{locale}/content', include: ['src/features/public/content', 'src/features/public/calculator'] },
    { path: '<rootDir>/locales/{locale}/account', include: ['src/features/auth', 'src/features/customer', 'src/features/admin'] },
  ],
  // Source files without line numbers: moving code does not make the catalogs stale.
  format: formatter({ lineNumbers: false }),
})
