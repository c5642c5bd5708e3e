import type { Lang } from '@/i18n/locales'

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * sitemap.xml: every URL of every page in each language, each listing all its language versions
 * (and x-default, the Spanish one) as xhtml:link alternates, as Google asks for hreflang in sitemaps.
 */
export function sitemapXml(pages: Record<Lang, string>[]): string {
  const entries = pages.flatMap((urls) => {
    const versions: [string, string][] = [...Object.entries(urls), ['x-default', urls.es]]
    const alternates = versions
      .map(([hreflang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}" />`)
      .join('')
    return Object.values(urls).map((url) => `  <url>\n    <loc>${escapeXml(url)}</loc>${alternates}\n  </url>`)
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt as written in public/, plus where the sitemap is (an absolute URL, as the format requires). */
export function robotsTxt(rules: string, sitemapUrl: string): string {
  return `${rules.trimEnd()}\n\nSitemap: ${sitemapUrl}\n`
}
