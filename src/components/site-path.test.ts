import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileUrl, pages } from '../../tests/unit/hostile-urls'
import { sitePath } from './site-path'

describe('a path of this site', () => {
  it.each([
    ['/es/blog', '/es/blog'],
    ['/es/blog?page=2#top', '/es/blog?page=2#top'],
    ['\u0000 /es/blog ', '/es/blog'],
    ['/es/bl\tog', '/es/blog'],
    ['\\es\\blog', '/es/blog'],
    ['/./es/../en/blog', '/en/blog'],
    ['/../evil.example/x', '/evil.example/x'],
    // Encoded separators stay encoded: a browser reads them as one segment of this site's path.
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/.%2F/evil.example', '/.%2F/evil.example'],
    ['/java\tscript:alert(1)', '/javascript:alert(1)'],
  ])('%j is the path %j', (url, path) => {
    expect(sitePath(url)).toBe(path)
  })

  it.each([
    '/.//evil.example/x',
    '/././/evil.example',
    '/..//evil.example/x',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '\u0000//evil.example',
    '\u001f/\\evil.example',
    'https://evil.example/',
    'https://site.invalid/es/blog',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u00a0/es/blog',
    'relative/path',
    '?page=2',
    '#top',
    '',
  ])('%j is not', (url) => {
    expect(sitePath(url)).toBeNull()
  })

  it('whatever is written, a path it gives stays on the page’s site wherever it is read, and is judged the same again', () => {
    fc.assert(
      fc.property(hostileUrl, (url) => {
        const path = sitePath(url)
        if (path === null) return
        expect(path).toMatch(/^\/(?![/\\])/)
        for (const page of pages) expect(new URL(path, page).origin).toBe(new URL(page).origin)
        expect(sitePath(path)).toBe(path)
      }),
      { numRuns: 5000 },
    )
  }, 30_000)
})
