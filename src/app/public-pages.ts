import { createElement, type ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { catalogLoader, type RouteCatalog } from '@/i18n/route-catalogs'
import type { PageKey } from '@/i18n/slugs'

type Lazy = NonNullable<RouteObject['lazy']>

/** A page whose strings come (partly) from route catalogs, loaded alongside its code. */
export const withCatalog =
  (catalogs: RouteCatalog | readonly RouteCatalog[], load: () => Promise<ComponentType>): Lazy =>
  async () => ({ Component: await load(), loader: catalogLoader(typeof catalogs === 'string' ? [catalogs] : catalogs) })

/** Each page under `/:lang` is its own chunk, loaded when first visited (and precached by the service worker). */
export const publicPages: Partial<Record<PageKey, Lazy>> & { home: Lazy } = {
  home: async () => ({ Component: (await import('@/features/public/home/home-page')).HomePage }),
  howItWorks: withCatalog('pages', async () => (await import('@/features/public/how-it-works/how-it-works-page')).HowItWorksPage),
  pricing: withCatalog('pages', async () => (await import('@/features/public/pricing/pricing-page')).PricingPage),
  calculator: withCatalog('content', async () => (await import('@/features/public/calculator/calculator-page')).CalculatorPage),
  tracking: withCatalog('pages', async () => (await import('./routes/tracking-route')).TrackingRoute),
  // Their route modules bring the loaders that carry the build's content into the hydration data.
  faq: () => import('@/features/public/faq/faq-route'),
  blog: () => import('@/features/public/blog/blog-route'),
  contact: withCatalog('pages', async () => (await import('@/features/public/contact/contact-page')).ContactPage),
  terms: withCatalog(['pages', 'content'], async () => (await import('@/features/public/legal/terms-page')).TermsPage),
  privacy: withCatalog(['pages', 'content'], async () => (await import('@/features/public/legal/privacy-page')).PrivacyPage),
  signup: withCatalog('account', async () => (await import('@/features/auth/signup-page')).SignupPage),
  login: withCatalog('account', async () => (await import('@/features/auth/login-page')).LoginPage),
  forgot: withCatalog('account', async () => (await import('@/features/auth/forgot-page')).ForgotPage),
  resetPassword: withCatalog('account', async () => (await import('@/features/auth/reset-password-page')).ResetPasswordPage),
}

/** What a newsletter mail's links open (`newsletter/confirm`, `newsletter/unsubscribe`). */
export const newsletterPage: Lazy = withCatalog('pages', async () => (await import('./routes/newsletter-route')).NewsletterRoute)
/** Where a mail's unsubscribe footer leads (/{lang}/unsubscribe?token=…): public, no sign-in. */
export const unsubscribePage: Lazy = withCatalog('account', async () => (await import('@/features/customer/notifications/unsubscribe-page')).UnsubscribePage)

/** A blog article at its own URL, under either slug of the blog. */
export const blogArticlePage: Lazy = () => import('./routes/blog-article-route')

/** The guard in front of the account screens, and the not-found page: neither is on a public page's first visit. */
/** The guard, with the account catalog (what it says when the session cannot be opened lives there). */
export const requireSession = (admin = false): Lazy => async () => {
  const { RequireSession } = await import('./guards')
  return { element: createElement(RequireSession, { admin }), loader: catalogLoader(['account']) }
}
export const notFoundPage: Lazy = withCatalog('pages', async () => (await import('./layout/not-found-page')).NotFoundPage)

/** The frame of the customer's screens (the app's shell on phones), loaded only when one is visited. */
export const customerArea: Lazy = withCatalog('account', async () => (await import('./layout/customer-layout')).CustomerLayout)

/** The customer's screens, which need a session: the dashboard's tabs (and the account's screens under its tab), asking for a shipment, one shipment's page, and their contact messages. */
export const customerPages = {
  dashboard: withCatalog('account', async () => (await import('./routes/dashboard-route')).DashboardRoute),
  requestShipment: withCatalog('account', async () => (await import('@/features/customer/shipments/request-shipment-page')).RequestShipmentPage),
  shipment: withCatalog('account', async () => (await import('@/features/customer/shipments/shipment-page')).ShipmentPage),
  messages: withCatalog('account', async () => (await import('@/features/customer/messages/my-messages-page')).MyMessagesPage),
} satisfies Record<string, Lazy>

export const adminPages: Partial<Record<PageKey, Lazy>> = {
  adminPanel: withCatalog('account', async () => (await import('@/features/admin/panel/admin-panel-page')).AdminPanelPage),
}

/** The /admin area: its frame, then its sections (each its own chunk, routed in admin-sections.tsx). */
export const adminArea = {
  layout: withCatalog('account', async () => (await import('./routes/admin-area-route')).AdminAreaRoute),
  sections: async () => ({ Component: (await import('./routes/admin-sections')).AdminSections }),
} satisfies Record<string, Lazy>
