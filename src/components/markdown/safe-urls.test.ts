import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileUrl, pages } from '../../../tests/unit/hostile-urls'
import { safeImageUrl, safeLink } from './safe-urls'

const bucket = 'https://project.supabase.co/storage/v1/object/public/content/'

describe('which links an article follows', () => {
  it.each([
    ['/es/blog', { href: '/es/blog', external: false }],
    ['/../es/%2F/blog?a#b', { href: '/es/%2F/blog?a#b', external: false }],
    ['https://example.com/a?b=c', { href: 'https://example.com/a?b=c', external: true }],
    ['HTTPS://Example.COM', { href: 'https://example.com/', external: true }],
    ['ht\ttp\ns://example.com/', { href: 'https://example.com/', external: true }],
    ['MAILTO:hola@example.com', { href: 'mailto:hola@example.com', external: true }],
    // Not a path of this site, and no scheme of its own: refused, not guessed at.
    ['/.//evil.example/x', null],
    ['/..//evil.example/x', null],
    ['/%2e//evil.example', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['\\\\evil.example', null],
    ['/\t/evil.example', null],
    ['\n//evil.example', null],
    ['relative/path', null],
    ['java\tscript:alert(1)', null],
    ['JaVa\nScRiPt:alert(1)', null],
    ['\u0000 javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    [42, null],
  ])('%j → %j', (url, link) => {
    expect(safeLink(url)).toEqual(link)
  })

  it('whatever is written, a link stays on the site, or is marked as leading away to http(s) or mailto, as it is followed', () => {
    fc.assert(
      fc.property(hostileUrl, (url) => {
        const link = safeLink(url)
        if (link === null) return
        for (const page of pages) {
          const followed = new URL(link.href, page)
          if (link.external) expect(['http:', 'https:', 'mailto:']).toContain(followed.protocol)
          else expect(followed.origin).toBe(new URL(page).origin)
        }
        expect(safeLink(link.href)).toEqual(link)
      }),
      { numRuns: 5000 },
    )
  }, 30_000)
})

describe('which images an article shows', () => {
  it.each([
    [`${bucket}a/cover.webp`, `${bucket}a/cover.webp`],
    [`https:\\\\project.supabase.co\\storage\\v1\\object\\public\\content\\a.webp`, `${bucket}a.webp`],
    [`ht\ttps://project.supabase.co/storage/v1/object/public/content/a%20b.webp`, `${bucket}a%20b.webp`],
    [`${bucket}a/./b/../c.webp`, `${bucket}a/c.webp`],
    [`${bucket}../../avatars/x.jpg`, null],
    [`${bucket}%2e%2e/avatars/x.jpg`, null],
    [`${bucket}..%2F..%2Favatars/x.jpg`, null],
    [`${bucket}a%5C..%5C..%5Cavatars%5Cx.jpg`, null],
    [`${bucket}%2Fa.webp`, null],
    [`${bucket}/a.webp`, null],
    [`${bucket}a/`, null],
    [`${bucket}%zz.webp`, null],
    [bucket, null],
    ['//project.supabase.co/storage/v1/object/public/content/a.webp', null],
    ['https://evil.example/storage/v1/object/public/content/a.webp', null],
    ['https://project.supabase.co.evil.example/storage/v1/object/public/content/a.webp', null],
    ['https://user@project.supabase.co/storage/v1/object/public/content/a.webp', null],
    ['data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', null],
  ])('%j → %j', (url, source) => {
    expect(safeImageUrl(url, bucket)).toBe(source)
  })

  it('whatever is written, an image is a file of the bucket’s folder, as storage reads its name', () => {
    const inBucket = fc.oneof(hostileUrl.map((rest) => `${bucket}${rest}`), hostileUrl)
    fc.assert(
      fc.property(inBucket, (url) => {
        const source = safeImageUrl(url, bucket)
        if (source === null) return
        expect(new URL(source).href).toBe(source)
        const key = decodeURIComponent(new URL(source).pathname).slice(new URL(bucket).pathname.length)
        expect(key.split(/[/\\]/)).not.toContainEqual(expect.stringMatching(/^\.{0,2}$/))
        expect(source.startsWith(bucket)).toBe(true)
      }),
      { numRuns: 5000 },
    )
  }, 30_000)
})
