import type { RouteObject } from 'react-router'
import type { PageKey } from '@/i18n/slugs'

type Lazy = NonNullable<RouteObject['lazy']>

/** Each public page is its own chunk, loaded when first visited (and precached by the service worker). */
export const publicPages: Partial<Record<PageKey, Lazy>> & { home: Lazy } = {
  home: async () => ({ Component: (await import('@/features/public/home/home-page')).HomePage }),
  howItWorks: async () => ({ Component: (await import('@/features/public/how-it-works/how-it-works-page')).HowItWorksPage }),
  pricing: async () => ({ Component: (await import('@/features/public/pricing/pricing-page')).PricingPage }),
  tracking: async () => ({ Component: (await import('@/features/public/tracking/tracking-page')).TrackingPage }),
  faq: async () => ({ Component: (await import('@/features/public/faq/faq-page')).FaqPage }),
  blog: async () => ({ Component: (await import('@/features/public/blog/blog-page')).BlogPage }),
  contact: async () => ({ Component: (await import('@/features/public/contact/contact-page')).ContactPage }),
  terms: async () => ({ Component: (await import('@/features/public/legal/terms-page')).TermsPage }),
  privacy: async () => ({ Component: (await import('@/features/public/legal/privacy-page')).PrivacyPage }),
}
