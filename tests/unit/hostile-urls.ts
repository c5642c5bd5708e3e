import fc from 'fast-check'

// URLs that try to leave the site while looking like one of its paths, for the property tests of
// what the app follows: made of the pieces a browser's URL parser reads in more than one way.

const pieces = [
  '/', '//', '\\', '/\\', '.', '..', '/./', '/../', '%2F', '%2f', '%5C', '%5c', '%2e', '%2E%2E', '.%2F',
  '\t', '\n', '\r', ' ', '\u0000', '\u001f', '\u00a0', '@', ':', '?', '#', '&',
  'java', 'script', 'JaVa', 'ScRiPt:', 'javascript:', 'data:', 'vbscript:', 'http', 'https:', 'HTTPS:', 'mailto:', 'file:',
  'evil.example', 'site.invalid', 'es', 'blog', 'x',
]

/** A string of hostile pieces, or any string at all. */
export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
)

/** Pages an article may be read on: a link is followed from them. */
export const pages = ['https://casillero.example/es/blog/guia', 'http://localhost:4173/en/blog/guide/']
