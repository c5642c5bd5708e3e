import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, formatHeadersFile, headersForPath, inlineScriptHashes, inlineStyleHashes, parseHeadersFile, siteHeaderRules } from '../../scripts/build/security-headers'

// Chromium's own report of the hash an inline `<script>window.x=1</script>` needs.
const hashOfWindowX = "'sha256-hUmDl3yY/7GaaX+Zuy8aEy8IzxgpBs7xccqYHs2/7kQ='"

const page = [
  '<html><head>',
  '<script>window.x=1</script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<style>body{color:red}</style>',
  '</head><body><div id="root"></div><script type="module">import("/assets/a.js")</script></body></html>',
].join('')

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]))

describe('the content security policy', () => {
  it('hashes the inline scripts a browser runs, as the browser does, and no data block or external script', () => {
    const hashes = inlineScriptHashes([page])
    expect(hashes).toHaveLength(2)
    expect(hashes).toContain(hashOfWindowX)
  })

  it('covers every page: the same script on two pages is one hash, the shell\'s among those of a prerendered page', () => {
    const shell = '<html><head><script>window.x=1</script></head><body><div id="root"></div></body></html>'
    expect(inlineScriptHashes([page, shell, page])).toEqual(inlineScriptHashes([page]))
    expect(inlineStyleHashes([page, shell, page])).toHaveLength(1)
  })

  it('refuses a script or a style on some pages only (per-page data that runs): the policy would grow with every page', () => {
    const other = '<script>window.x=1</script><script>window.y=2</script>'
    expect(() => inlineScriptHashes([page, other])).toThrow(/inline script differs between pages \("window\.y=2"\).*application\/json/)
    expect(() => inlineStyleHashes([page, '<style>p{margin:0}</style>'])).toThrow(/inline style differs between pages/)
  })

  it('allows scripts from the site and by hash only, WebAssembly without eval, and nothing inline by default', () => {
    const policy = directives(contentSecurityPolicy({ html: [page], supabaseUrl: 'https://abc.supabase.co' }))
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes([page])])
    expect(policy.get('style-src')).toEqual(["'self'", ...inlineStyleHashes([page])])
    for (const [name, value] of [
      ['object-src', ["'none'"]],
      ['base-uri', ["'self'"]],
      ['form-action', ["'self'"]],
      ['frame-ancestors', ["'none'"]],
      ['worker-src', ["'self'"]],
      ['manifest-src', ["'self'"]],
      ['require-trusted-types-for', ["'script'"]],
      ['trusted-types', ['default']],
    ] as const) {
      expect(policy.get(name), name).toEqual(value)
    }
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'")
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'")
  })

  it('connects to the site and its Supabase project only, over HTTPS and WSS for a hosted project', () => {
    const hosted = directives(contentSecurityPolicy({ html: [], supabaseUrl: 'https://abc.supabase.co/' }))
    expect(hosted.get('connect-src')).toEqual(["'self'", 'blob:', 'https://abc.supabase.co', 'wss://abc.supabase.co'])
    expect(hosted.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://abc.supabase.co/storage/v1/'])
    const local = directives(contentSecurityPolicy({ html: [], supabaseUrl: 'http://127.0.0.1:54321' }))
    expect(local.get('connect-src')).toEqual(["'self'", 'blob:', 'http://127.0.0.1:54321', 'ws://127.0.0.1:54321'])
  })

  it('refuses a Supabase URL that is not HTTP(S)', () => {
    expect(() => contentSecurityPolicy({ html: [], supabaseUrl: 'ftp://abc.supabase.co' })).toThrow('VITE_SUPABASE_URL must be http(s)')
  })
})

describe('the headers of each path', () => {
  const rules = siteHeaderRules({ html: [page], supabaseUrl: 'https://abc.supabase.co' })

  it('caches hashed assets for good, and has pages, the service worker and the manifest asked again every time', () => {
    expect(headersForPath(rules, '/assets/index-abc.js')['Cache-Control']).toBe('public, max-age=31536000, immutable')
    for (const path of ['/', '/es', '/en/pricing', '/es/blog/envios', '/admin/users', '/auth/callback', '/sw.js', '/manifest.webmanifest']) {
      expect(headersForPath(rules, path)['Cache-Control'], path).toBe('no-cache')
    }
  })

  it('gives every path the security headers, and no header from two rules (a host would send both values)', () => {
    for (const path of ['/', '/es/precios', '/assets/index-abc.js', '/sw.js', '/icons/icon-192.png', '/admin']) {
      const headers = headersForPath(rules, path)
      expect(headers, path).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'Cross-Origin-Opener-Policy': 'same-origin' })
      expect(headers['Content-Security-Policy'], path).toContain("default-src 'self'")
      expect(headers['Permissions-Policy'], path).toMatch(/^camera=\(self\), /)
      const matching = rules.filter((rule) => Object.keys(headersForPath([rule], path)).length > 0)
      const names = matching.flatMap((rule) => Object.keys(rule.headers))
      expect(new Set(names).size, path).toBe(names.length)
    }
  })

  it('writes a _headers file that reads back as the same rules', () => {
    const file = formatHeadersFile(rules)
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'; /)
    expect(file).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')
    expect(parseHeadersFile(`# the site's headers\n${file}`)).toEqual(rules)
  })

  it('says which line of a _headers file it cannot read', () => {
    expect(() => parseHeadersFile('  Cache-Control: no-cache\n')).toThrow('_headers line 1')
  })
})
