// A path of this site, judged on the URL a browser makes of it, never on the string: the parser
// drops tabs and newlines, reads `\` as `/` and resolves `.` and `..` segments (`%2e` too), so
// `/.//evil.example/x` is written like a path and serializes to `//evil.example/x`, which a browser
// follows to another host.

/** Stands for the site's origin, whatever it is: a path is judged as if the page were there. */
const site = 'https://site.invalid'

/** The first character the URL parser reads: it drops C0 controls and spaces before a URL, and tabs and newlines (C0 too) anywhere. */
const firstRead = (url: string) => [...url].find((char) => char > ' ')

/** `url` as the browser parses it, relative to `base` when given; null when it is no URL. */
export function parseUrl(url: string, base?: string): URL | null {
  try {
    return new URL(url, base)
  } catch {
    return null
  }
}

/**
 * `url` as a path of this site: written from the site's root, it stays on the site's origin once
 * parsed, and its serialized path does not start with `//`. Returns that path with its query and
 * fragment, serialized, so what a browser follows is what was judged; null for anything else.
 */
export function sitePath(url: string): string | null {
  if (!['/', '\\'].includes(firstRead(url) ?? '')) return null
  const parsed = parseUrl(url, site)
  if (parsed?.origin !== site || parsed.pathname.startsWith('//')) return null
  return `${parsed.pathname}${parsed.search}${parsed.hash}`
}
