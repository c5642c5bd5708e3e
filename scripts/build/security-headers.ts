// The site's HTTP headers: the one source for what `vite preview` (npm start, the e2e suite) sends
// and for the `_headers` file a static host (Netlify, Cloudflare Pages) reads from the build.
import { createHash } from 'node:crypto'

/** Headers for the paths a pattern matches (`*` matches any run of characters, `/` included). */
export interface HeaderRule {
  pattern: string
  headers: Record<string, string>
}

/** What the policy is computed from: every HTML file of the build, and the Supabase project it talks to. */
export interface SiteFacts {
  html: string[]
  supabaseUrl: string
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

// Blocks a browser runs: no type, or a JavaScript one. JSON-LD and other data blocks are never run.
const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module'])
const inlineScript = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g
const inlineStyle = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g
const attribute = (attributes: string, name: string) => new RegExp(`\\s${name}(?:\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+))?`, 'i').exec(attributes)

/** The body of every inline script a browser would run in a page: no `src`, no data type (JSON-LD and the router's data are never run). */
function executableInlineScripts(page: string): string[] {
  return [...page.matchAll(inlineScript)].flatMap(([, attributes = '', body = '']) => {
    if (attribute(attributes, 'src')) return []
    const type = attribute(attributes, 'type')?.[1]?.replace(/^["']|["']$/g, '').trim().toLowerCase() ?? ''
    return executableTypes.has(type) ? [body] : []
  })
}

const inlineStyles = (page: string): string[] => [...page.matchAll(inlineStyle)].map(([, body = '']) => body)

/**
 * The hash sources of the pages' inline blocks of one kind. One page must have every one of them (a
 * prerendered page has each the shell has, and more): a block on some pages only is per-page data
 * in executable form, and the policy would grow by a hash with every page published.
 */
function sharedInlineHashes(html: string[], kind: string, blocksOf: (page: string) => string[]): string[] {
  const pages = html.map((page) => new Map(blocksOf(page).map((body) => [sha256(body), body])))
  const all = new Map(pages.flatMap((page) => [...page]))
  const fullest = pages.reduce((most, page) => (page.size > most.size ? page : most), new Map<string, string>())
  const pageOwn = [...all].find(([hash]) => !fullest.has(hash))?.[1]
  if (pageOwn !== undefined) {
    const start = pageOwn.length > 80 ? `${pageOwn.slice(0, 80)}…` : pageOwn
    throw new Error(
      `An inline ${kind} differs between pages (${JSON.stringify(start)}): the Content-Security-Policy would carry a hash for every page. ` +
        'Keep inline code the same on every page, and write page data as <script type="application/json">, which never runs.',
    )
  }
  return [...all.keys()].sort()
}

/** The hash sources of the inline scripts a browser would run in these pages (the theme script, the prerendered pages' loader). */
export const inlineScriptHashes = (html: string[]): string[] => sharedInlineHashes(html, 'script', executableInlineScripts)

/** The hash sources of the pages' `<style>` elements (the stylesheet a prerendered page carries). */
export const inlineStyleHashes = (html: string[]): string[] => sharedInlineHashes(html, 'style', inlineStyles)

/** The Supabase project's origin for HTTP and for its Realtime socket (http→ws, https→wss). */
function supabaseOrigins(supabaseUrl: string): { http: string; socket: string } {
  const url = new URL(supabaseUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`VITE_SUPABASE_URL must be http(s): "${supabaseUrl}"`)
  return { http: url.origin, socket: `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}` }
}

export function contentSecurityPolicy({ html, supabaseUrl }: SiteFacts): string {
  const supabase = supabaseOrigins(supabaseUrl)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The barcode scanner's reader is WebAssembly: compiling it needs 'wasm-unsafe-eval', nothing more.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(html)],
    // React's style={} sets properties through the CSSOM, which no directive restricts; markup never
    // carries a style attribute.
    'style-src': ["'self'", ...inlineStyleHashes(html)],
    'style-src-attr': ["'none'"],
    // blob: is the site's own object URLs (a stored file opened from this device), never another host.
    'connect-src': ["'self'", 'blob:', supabase.http, supabase.socket],
    'img-src': ["'self'", 'data:', 'blob:', `${supabase.http}/storage/v1/`],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // Script sinks take only what index.html's one policy (`default`) lets through: script URLs of the site.
    'require-trusted-types-for': ["'script'"],
    'trusted-types': ['default'],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Powerful features the site's own pages may use: the camera, for the scanner, and writing to the clipboard (copying the Miami address). */
const permissionsPolicy = [
  'camera=(self)',
  'clipboard-write=(self)',
  ...['accelerometer', 'autoplay', 'display-capture', 'encrypted-media', 'fullscreen', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'picture-in-picture', 'publickey-credentials-get', 'screen-wake-lock', 'usb', 'xr-spatial-tracking'].map((feature) => `${feature}=()`),
].join(', ')

const revalidate = 'no-cache'
const immutable = 'public, max-age=31536000, immutable'
/** Served under the same name whatever the build (HTML, the service worker, the manifest): asked again every time. */
const unhashedPaths = ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/es', '/es/*', '/en', '/en/*', '/admin', '/admin/*', '/auth/*']

/**
 * The rules, in `_headers` order. A host applies every rule a path matches, and two rules setting one
 * header would send both values, so no header is set by two rules that can match one path.
 * Strict-Transport-Security only makes sense on the deployed HTTPS site.
 */
export function siteHeaderRules(facts: SiteFacts): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: {
        'Content-Security-Policy': contentSecurityPolicy(facts),
        'Strict-Transport-Security': 'max-age=63072000',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': permissionsPolicy,
        'Cross-Origin-Opener-Policy': 'same-origin',
      },
    },
    // Vite names everything under assets/ by its content.
    { pattern: '/assets/*', headers: { 'Cache-Control': immutable } },
    ...unhashedPaths.map((pattern) => ({ pattern, headers: { 'Cache-Control': revalidate } })),
  ]
}

/** Only for the deployed site: over plain HTTP (the local preview) a browser ignores it anyway. */
export const deployOnlyHeaders = new Set(['Strict-Transport-Security'])

/** The rules as a `_headers` file (Netlify's and Cloudflare Pages' format). */
export function formatHeadersFile(rules: HeaderRule[]): string {
  return rules.map(({ pattern, headers }) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n') + '\n'
}

/** Reads a `_headers` file back into rules (what `formatHeadersFile` writes, and comments). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} })
      continue
    }
    const separator = line.indexOf(':')
    const rule = rules.at(-1)
    if (!rule || separator < 0) throw new Error(`_headers line ${index + 1} is neither a path nor "Name: value": ${line}`)
    rule.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim()
  }
  return rules
}

const patternRegex = (pattern: string) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`)

/** Every header the rules give a path (as a host applies them: all matching rules). */
export function headersForPath(rules: HeaderRule[], path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter(({ pattern }) => patternRegex(pattern).test(path)).map(({ headers }) => headers))
}
