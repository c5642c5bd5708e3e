import type { Lang } from '@/i18n/locales'

/** What the head of one prerendered page says about it. */
export interface PageHead {
  lang: Lang
  /** The page's full title, as PageMeta renders it. */
  title: string
  description: string
  /** Absolute URL of this page in each language it has: the canonical one and its hreflang alternates. */
  urls: Partial<Record<Lang, string>>
  /** Absolute URL of the 1200×630 Open Graph image. */
  image: string
  imageAlt: string
  /** JSON-LD documents (schema.org), one <script> each. */
  structuredData: object[]
  /** The Atom feed of the page's language, on the blog's pages. */
  feed?: { href: string; title: string }
}

/** Open Graph's locale names: Spanish and English as spoken by a US business's customers. */
const ogLocales: Record<Lang, string> = { es: 'es_US', en: 'en_US' }

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
// JSON inside <script>: "</script>" or "<!--" in a string must not end or confuse the element.
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c')

const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeAttribute(content)}" />`
const alternate = (hreflang: string, href: string) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(href)}" />`

/**
 * The <head> tags of a prerendered page: title and description (the ones PageMeta renders, which
 * React adopts on hydration), canonical URL, hreflang alternates between the languages the page
 * has (x-default: Spanish, else the page's own), the blog's feed, Open Graph and Twitter card, and
 * structured data.
 */
export function headTags(head: PageHead): string {
  const canonical = head.urls[head.lang]
  if (!canonical) throw new Error(`${head.title} has no URL in its own language, ${head.lang}`)
  const versions = Object.entries(head.urls) as [Lang, string][]
  const otherLangs = versions.map(([lang]) => lang).filter((lang) => lang !== head.lang)
  return [
    `<title>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    ...versions.map(([lang, url]) => alternate(lang, url)),
    alternate('x-default', head.urls.es ?? canonical),
    ...(head.feed ? [`<link rel="alternate" type="application/atom+xml" title="${escapeAttribute(head.feed.title)}" href="${escapeAttribute(head.feed.href)}" />`] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Casillero Miami'),
    meta('property', 'og:locale', ogLocales[head.lang]),
    ...otherLangs.map((lang) => meta('property', 'og:locale:alternate', ogLocales[lang])),
    meta('property', 'og:url', canonical),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('\n    ')
}
