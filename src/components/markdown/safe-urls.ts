// Which URLs an article may link to or show, whatever its Markdown says. Each is parsed as the
// browser would parse it (tabs, newlines, backslashes, dot segments; entities already decoded by the
// Markdown parser), then judged: what comes out is the parsed URL serialized, so the browser follows
// exactly what was judged.
import { parseUrl, sitePath } from '../site-path'

/** The schemes a link may have besides a path of this site. */
const followedSchemes = ['http:', 'https:', 'mailto:']

export interface SafeLink {
  href: string
  /** Not a path of this site: it leads away, and is marked so (rel). */
  external: boolean
}

/** A link's target if it may be followed: a path of this site, or an absolute http(s) or mailto URL; else null. */
export function safeLink(url: unknown): SafeLink | null {
  if (typeof url !== 'string') return null
  const path = sitePath(url)
  if (path !== null) return { href: path, external: false }
  // Anything else names its scheme: `//host`, `/.//host` and relative paths are refused, not guessed at.
  const parsed = parseUrl(url)
  return parsed && followedSchemes.includes(parsed.protocol) ? { href: parsed.href, external: true } : null
}

/**
 * An image's source if it is a file in `imagesFrom` (a URL ending in '/', the content bucket's public
 * folder); else null. Storage decodes the path once, so an encoded `/` or `\` cannot take it out either.
 */
export function safeImageUrl(url: unknown, imagesFrom: string): string | null {
  if (typeof url !== 'string') return null
  const parsed = parseUrl(url)
  if (!parsed?.href.startsWith(imagesFrom)) return null
  return staysInFolder(parsed.pathname.slice(new URL(imagesFrom).pathname.length)) ? parsed.href : null
}

/** An object key as storage reads it (decoded once) names a file of the folder: no empty, `.` or `..` segment. */
function staysInFolder(key: string): boolean {
  try {
    return decodeURIComponent(key)
      .split(/[/\\]/)
      .every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  } catch {
    return false
  }
}
