import { describe, expect, it } from 'vitest'
import { headTags, type PageHead } from './head'
import { blogPosting, faqPage, organization } from './structured-data'

const pricing: PageHead = {
  lang: 'en',
  title: 'Pricing · Casillero Miami',
  description: 'Per-pound rates & "no" surprises <really>',
  urls: { es: 'https://example.com/es/precios', en: 'https://example.com/en/pricing' },
  image: 'https://example.com/og-image.png',
  imageAlt: 'Casillero Miami',
  structuredData: [organization('https://example.com', 'https://example.com/logo.png')],
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<html><head>${html}</head></html>`, 'text/html')
}

describe('headTags', () => {
  it('names the canonical URL in the page language and every language version, x-default Spanish', () => {
    const head = parse(headTags(pricing))
    expect(head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://example.com/en/pricing')
    const alternates = [...head.querySelectorAll('link[rel="alternate"]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])
    expect(alternates).toEqual([
      ['es', 'https://example.com/es/precios'],
      ['en', 'https://example.com/en/pricing'],
      ['x-default', 'https://example.com/es/precios'],
    ])
  })

  it('carries title and description, escaped, into the page, Open Graph and Twitter tags', () => {
    const head = parse(headTags(pricing))
    expect(head.title).toBe('Pricing · Casillero Miami')
    const content = (selector: string) => head.querySelector(selector)?.getAttribute('content')
    expect(content('meta[name="description"]')).toBe(pricing.description)
    expect(content('meta[property="og:description"]')).toBe(pricing.description)
    expect(content('meta[name="twitter:description"]')).toBe(pricing.description)
    expect(content('meta[property="og:title"]')).toBe(pricing.title)
    expect(content('meta[property="og:url"]')).toBe('https://example.com/en/pricing')
    expect(content('meta[property="og:locale"]')).toBe('en_US')
    expect(content('meta[property="og:image"]')).toBe('https://example.com/og-image.png')
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image')
  })

  it('pairs an article only with the languages it has: one in English alone is its own x-default', () => {
    const head = parse(headTags({ ...pricing, urls: { en: 'https://example.com/en/blog/only-english' } }))
    expect(head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://example.com/en/blog/only-english')
    const alternates = [...head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])
    expect(alternates).toEqual([
      ['en', 'https://example.com/en/blog/only-english'],
      ['x-default', 'https://example.com/en/blog/only-english'],
    ])
    expect(head.querySelector('meta[property="og:locale:alternate"]')).toBeNull()
  })

  it('links the blog feed of the page’s language on the blog’s pages only', () => {
    const feed = { href: 'https://example.com/en/blog/feed.xml', title: 'Blog · Casillero Miami' }
    const link = parse(headTags({ ...pricing, feed })).querySelector('link[type="application/atom+xml"]')!
    expect([link.getAttribute('rel'), link.getAttribute('href'), link.getAttribute('title')]).toEqual(['alternate', feed.href, feed.title])
    expect(parse(headTags(pricing)).querySelector('link[type="application/atom+xml"]')).toBeNull()
  })

  it('writes structured data that cannot close its script element early', () => {
    const faq = faqPage([{ question: 'Can I ship </script><b>?', answer: 'No.' }])
    const html = headTags({ ...pricing, structuredData: [faq] })
    expect(html).not.toContain('</script><b>')
    const [script] = parse(html).querySelectorAll('script[type="application/ld+json"]')
    expect(JSON.parse(script!.textContent!)).toEqual(faq)
  })
})

describe('structured data', () => {
  it('describes the business with its address', () => {
    expect(organization('https://example.com', 'https://example.com/logo.png')).toMatchObject({
      '@type': 'Organization',
      url: 'https://example.com',
      address: { '@type': 'PostalAddress', addressLocality: 'Doral', postalCode: '33166', addressCountry: 'US' },
    })
  })

  it('makes each FAQ entry a question with its accepted answer', () => {
    expect(faqPage([{ question: 'Q?', answer: 'A.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
    })
  })
})

describe('BlogPosting', () => {
  it('describes an article in its language with its dates, author and cover', () => {
    const posting = blogPosting({
      url: 'https://example.com/es/blog/reglas-de-aduana',
      headline: 'Reglas de aduana',
      description: 'Qué revisar',
      datePublished: '2025-06-30T12:00:00+00:00',
      dateModified: '2025-07-01T09:00:00+00:00',
      author: 'Ana Torres',
      image: 'https://example.com/blog/customs.svg',
      inLanguage: 'es',
    })
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Reglas de aduana',
      datePublished: '2025-06-30T12:00:00+00:00',
      dateModified: '2025-07-01T09:00:00+00:00',
      author: { '@type': 'Person', name: 'Ana Torres' },
      image: 'https://example.com/blog/customs.svg',
      inLanguage: 'es',
      mainEntityOfPage: 'https://example.com/es/blog/reglas-de-aduana',
    })
  })
})
