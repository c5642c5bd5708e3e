import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './sitemap'

describe('sitemapXml', () => {
  const xml = sitemapXml([
    { es: 'https://example.com/es', en: 'https://example.com/en' },
    { es: 'https://example.com/es/precios', en: 'https://example.com/en/pricing?a=1&b=2' },
  ])
  const doc = new DOMParser().parseFromString(xml, 'application/xml')

  it('is well-formed XML listing every URL of every language once', () => {
    expect(doc.querySelector('parsererror')).toBeNull()
    expect([...doc.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([
      'https://example.com/es',
      'https://example.com/en',
      'https://example.com/es/precios',
      'https://example.com/en/pricing?a=1&b=2',
    ])
  })

  it('gives each URL all its language versions and x-default as alternates', () => {
    const pricing = doc.getElementsByTagName('url')[3]!
    const alternates = [...pricing.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`)
    expect(alternates).toEqual(['es https://example.com/es/precios', 'en https://example.com/en/pricing?a=1&b=2', 'x-default https://example.com/es/precios'])
  })
})

it('robots.txt keeps its rules and names the sitemap by absolute URL', () => {
  expect(robotsTxt('User-agent: *\nDisallow: /admin\n', 'https://example.com/sitemap.xml')).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://example.com/sitemap.xml\n')
})
