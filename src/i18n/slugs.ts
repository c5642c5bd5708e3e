import type { Lang } from './locales'

/** Every public page with its slug in each language (SPEC §2). Both slugs work in either language. */
export const pageSlugs = {
  howItWorks: { es: 'como-funciona', en: 'how-it-works' },
  pricing: { es: 'precios', en: 'pricing' },
  calculator: { es: 'calculadora', en: 'calculator' },
  tracking: { es: 'rastreo', en: 'tracking' },
  faq: { es: 'faqs', en: 'faqs' },
  blog: { es: 'blog', en: 'blog' },
  contact: { es: 'contacto', en: 'contact' },
  terms: { es: 'terminos', en: 'terms' },
  privacy: { es: 'privacidad', en: 'privacy' },
  signup: { es: 'signup', en: 'register' },
  login: { es: 'login', en: 'login' },
  forgot: { es: 'forgot', en: 'forgot' },
  resetPassword: { es: 'reset-password', en: 'reset-password' },
  dashboard: { es: 'dashboard', en: 'dashboard' },
  adminPanel: { es: 'admin-panel', en: 'admin-panel' },
} as const satisfies Record<string, Record<Lang, string>>

export type PageKey = keyof typeof pageSlugs

const pageBySlug = new Map<string, PageKey>(
  Object.entries(pageSlugs).flatMap(([page, slugs]) =>
    Object.values(slugs).map((slug) => [slug, page as PageKey] as const),
  ),
)

export function pageFromSlug(slug: string): PageKey | undefined {
  return pageBySlug.get(slug)
}

/** The distinct slugs a page answers to, for declaring routes. */
export function slugsOf(page: PageKey): string[] {
  return [...new Set(Object.values(pageSlugs[page]))]
}

/**
 * The same page in another language: swaps the language segment and maps a known slug
 * (`/es/precios` → `/en/pricing`). Unknown segments are kept as they are.
 */
export function switchLangPath(pathname: string, to: Lang): string {
  const [, , slug, ...rest] = pathname.split('/')
  const page = slug ? pageFromSlug(slug) : undefined
  const mapped = page ? pageSlugs[page][to] : slug
  return ['', to, mapped, ...rest].filter((part, i) => i === 0 || part).join('/')
}
