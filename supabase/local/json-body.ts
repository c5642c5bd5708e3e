// JSON request bodies, with a cap on nesting. JSON.parse itself copes with deep nesting, but
// whatever walks the value afterwards (JSON.stringify, Postgres' json input, a recursive check)
// runs out of stack, so a body nested deeper than any real client nests it is refused up front.

export const MAX_JSON_DEPTH = 64

export class JsonBodyError extends Error {
  constructor(
    readonly reason: 'invalid' | 'too_deep',
    message: string,
  ) {
    super(message)
  }
}

/** The parsed body; throws JsonBodyError for text that is not JSON or nests deeper than `maxDepth`. */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (nestsDeeperThan(text, maxDepth)) throw new JsonBodyError('too_deep', `JSON nested deeper than ${maxDepth} levels`)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new JsonBodyError('invalid', error instanceof Error ? error.message : String(error))
  }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPENERS = new Set([0x5b, 0x7b]) // [ {
const CLOSERS = new Set([0x5d, 0x7d]) // ] }

/** Counts brackets outside strings; stops at the first level past the limit. */
function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (OPENERS.has(c)) {
      if (++depth > maxDepth) return true
    } else if (CLOSERS.has(c)) depth--
  }
  return false
}
