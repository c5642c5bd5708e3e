import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/** The public pages other than the home page, each loading `pages` with its route. */
const publicPages = ['how-it-works', 'pricing', 'contact', 'tracking', 'blog', 'faq', 'legal', 'newsletter'].map((page) => `src/features/public/${page}`)
/** Shared components only the account, customer and admin screens use: their strings load with those screens. */
const accountComponents = ['storage-countdown.tsx', 'us-address.tsx', 'live-indicator.tsx', 'shipment-status.tsx', 'refusals/**', 'shipment-summary.tsx', 'shipment-change.tsx', 'cancel-shipment-button.tsx', 'price-breakdown.tsx', 'install-app/install-app-card.tsx', 'ui/show-more.tsx', 'use-device-write.ts', 'files/**', 'outbox/**', 'statement/**', 'money-limits.ts', 'contact-message-view.tsx'].map((file) => `src/components/${file}`)
/** The inbox's text, which the service worker says too (src/sw/push.ts). */
const notificationText = 'src/i18n/notification-text.ts'
/** The customer's app shell (tab bar, top bar), loaded only with the customer's screens. */
const appShell = 'src/app/layout/app-shell/**'
/** The session guard and the admin's sections, loaded only with the account screens. */
const accountRoutes = ['src/app/guards.tsx', 'src/app/routes/admin-sections.tsx']
/** Texts the home page never shows but several later catalogs do: each of those catalogs carries its own copy. */
const statusLabels = 'src/i18n/package-status-labels.ts'
const formValidation = 'src/components/form-validation.ts'
const planNames = 'src/components/plan-names.ts'
/** The contact form's subjects and refusals (and the newsletter's), which the public pages, the customer's and the admin's screens say. */
const contactTexts = ['src/components/refusals/contact-texts.ts', 'src/components/contact-subjects.ts']
const notFoundPage = 'src/app/layout/not-found-page.tsx'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: false,
  catalogs: [
    // What a first visit to the home page needs: the shell and the home page.
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: [...['src/features/{public/content,public/calculator,auth,customer,admin}/**', ...publicPages.map((dir) => `${dir}/**`), ...accountComponents, notificationText, appShell, ...accountRoutes, statusLabels, formValidation, planNames, notFoundPage, ...contactTexts].map((path) => `<rootDir>/${path}`)],
    },
    // Loaded only by the routes that need them (src/i18n/route-catalogs.ts): the other public pages' strings, the long-form
    // copy of the FAQ, blog and legal pages and the calculator, and the account screens.
    { path: '<rootDir>/locales/{locale}/pages', include: [...publicPages, statusLabels, formValidation, notFoundPage, ...contactTexts] },
    { path: '<rootDir>/locales/{locale}/content', include: ['src/features/public/content', 'src/features/public/calculator', planNames] },
    { path: '<rootDir>/locales/{locale}/account', include: ['src/features/auth', 'src/features/customer', 'src/features/admin', ...accountComponents, notificationText, appShell, ...accountRoutes, statusLabels, formValidation, planNames, notFoundPage, ...contactTexts] },
    // What the service worker says when a push arrives: the inbox's text, in both languages (src/sw/push.ts).
    { path: '<rootDir>/locales/{locale}/notifications', include: [notificationText, statusLabels] },
    // What the Edge Functions mail (supabase/functions/_shared/mail), compiled into modules they import (scripts/mail-catalogs.ts).
    { path: '<rootDir>/locales/{locale}/mail', include: ['supabase/functions/_shared/mail'] },
  ],
  // Source files without line numbers: moving code does not make the catalogs stale.
  format: formatter({ lineNumbers: false }),
})
