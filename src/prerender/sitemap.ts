import type { PagePaths } from './pages'

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * sitemap.xml: every URL of every page in each language it has, each listing all its language
 * versions (and x-default, the Spanish one when there is one) as xhtml:link alternates, as Google
 * asks for hreflang in sitemaps.
 */
export function sitemapXml(pages: PagePaths[]): string {
  const entries = pages.flatMap((urls) => {
    const versions = Object.entries(urls)
    const fallback = urls.es ?? versions[0]?.[1]
    const alternates = [...versions, ...(fallback ? [['x-default', fallback]] : [])]
      .map(([hreflang, href]) => `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href!)}" />`)
      .join('')
    return versions.map(([, url]) => `  <url>\n    <loc>${escapeXml(url)}</loc>${alternates}\n  </url>`)
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
