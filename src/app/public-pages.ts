import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { contentLoader } from '@/i18n/content'
import type { PageKey } from '@/i18n/slugs'

type Lazy = NonNullable<RouteObject['lazy']>

/** A page whose long-form copy comes from the content catalog, loaded alongside its code. */
const withContent =
  (load: () => Promise<ComponentType>): Lazy =>
  async () => ({ Component: await load(), loader: contentLoader })

/** Each page under `/:lang` is its own chunk, loaded when first visited (and precached by the service worker). */
export const publicPages: Partial<Record<PageKey, Lazy>> & { home: Lazy } = {
  home: async () => ({ Component: (await import('@/features/public/home/home-page')).HomePage }),
  howItWorks: async () => ({ Component: (await import('@/features/public/how-it-works/how-it-works-page')).HowItWorksPage }),
  pricing: async () => ({ Component: (await import('@/features/public/pricing/pricing-page')).PricingPage }),
  tracking: async () => ({ Component: (await import('./routes/tracking-route')).TrackingRoute }),
  faq: withContent(async () => (await import('@/features/public/faq/faq-page')).FaqPage),
  blog: withContent(async () => (await import('@/features/public/blog/blog-page')).BlogPage),
  contact: async () => ({ Component: (await import('@/features/public/contact/contact-page')).ContactPage }),
  terms: withContent(async () => (await import('@/features/public/legal/terms-page')).TermsPage),
  privacy: withContent(async () => (await import('@/features/public/legal/privacy-page')).PrivacyPage),
  signup: async () => ({ Component: (await import('@/features/auth/signup-page')).SignupPage }),
  login: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }),
  forgot: async () => ({ Component: (await import('@/features/auth/forgot-page')).ForgotPage }),
  resetPassword: async () => ({ Component: (await import('@/features/auth/reset-password-page')).ResetPasswordPage }),
}

/** Pages that need a session (and, for the admin ones, the admin role); the guard decides. */
export const customerPages: Partial<Record<PageKey, Lazy>> = {
  dashboard: async () => ({ Component: (await import('./routes/dashboard-route')).DashboardRoute }),
}

export const adminPages: Partial<Record<PageKey, Lazy>> = {
  adminPanel: async () => ({ Component: (await import('@/features/admin/admin-placeholder-page')).AdminPlaceholderPage }),
}
