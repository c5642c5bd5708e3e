// Which URLs an article may link to or show, whatever its Markdown says. Each is parsed as the
// browser would parse it (tabs, newlines, backslashes, entities already decoded by the parser),
// then judged: what comes out is the parsed URL, so the browser follows exactly what was judged.

const base = 'https://site.invalid'

/** A link's target if it may be followed: http(s), mailto, or a path of this site (kept relative); else null. */
export function safeLinkUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    return null
  }
  if (parsed.origin === base) return url.trimStart().startsWith('/') ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null
  return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null
}

/** An image's source if it is in `imagesFrom` (a URL ending in '/', the content bucket's public folder); else null. */
export function safeImageUrl(url: unknown, imagesFrom: string): string | null {
  if (typeof url !== 'string') return null
  try {
    const parsed = new URL(url)
    return parsed.href.startsWith(imagesFrom) && parsed.href.length > imagesFrom.length ? parsed.href : null
  } catch {
    return null
  }
}
