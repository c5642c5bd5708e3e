// The glob syntax GoTrue compiles additional_redirect_urls with (github.com/gobwas/glob, separators
// '.' and '/'): `*` any run of non-separators, `**` any run, `?` one non-separator, `[abc]`, `[a-z]`,
// `[!…]`, `{one,other}`, `\` escapes. A pattern matches the whole string.

const NON_SEPARATOR = '[^./]'

export function globToRegExp(pattern: string): RegExp {
  const parser = new GlobParser(pattern)
  const source = parser.alternative(false)
  if (!parser.done()) throw parser.error('unexpected "}" or ","')
  return new RegExp(`^${source}$`)
}

const escapeLiteral = (char: string) => char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')

class GlobParser {
  private index = 0

  constructor(private readonly pattern: string) {}

  done(): boolean {
    return this.index >= this.pattern.length
  }

  error(problem: string): Error {
    return new Error(`Redirect URL pattern "${this.pattern}": ${problem} at position ${this.index}`)
  }

  /** Terms up to the end, or (inside braces) up to the next `,` or `}`. */
  alternative(inBraces: boolean): string {
    let source = ''
    while (!this.done()) {
      const char = this.pattern[this.index]!
      if (inBraces && (char === ',' || char === '}')) break
      if (!inBraces && char === '}') break
      this.index += 1
      if (char === '*') {
        if (this.pattern[this.index] === '*') {
          this.index += 1
          source += '.*'
        } else source += `${NON_SEPARATOR}*`
      } else if (char === '?') source += NON_SEPARATOR
      else if (char === '[') source += this.characterClass()
      else if (char === '{') source += this.alternatives()
      else if (char === '\\') source += escapeLiteral(this.escaped())
      else source += escapeLiteral(char)
    }
    return source
  }

  private alternatives(): string {
    const options: string[] = [this.alternative(true)]
    while (this.pattern[this.index] === ',') {
      this.index += 1
      options.push(this.alternative(true))
    }
    if (this.pattern[this.index] !== '}') throw this.error('missing "}"')
    this.index += 1
    return `(?:${options.join('|')})`
  }

  private characterClass(): string {
    let negated = false
    if (this.pattern[this.index] === '!') {
      negated = true
      this.index += 1
    }
    let body = ''
    while (this.pattern[this.index] !== ']') {
      if (this.done()) throw this.error('missing "]"')
      const low = this.classChar()
      if (this.pattern[this.index] === '-' && this.pattern[this.index + 1] !== ']') {
        this.index += 1
        body += `${escapeLiteral(low)}-${escapeLiteral(this.classChar())}`
      } else body += escapeLiteral(low)
    }
    this.index += 1
    if (body === '') throw this.error('empty character class')
    return `[${negated ? '^' : ''}${body}]`
  }

  private classChar(): string {
    if (this.done()) throw this.error('missing "]"')
    const char = this.pattern[this.index]!
    this.index += 1
    return char === '\\' ? this.escaped() : char
  }

  private escaped(): string {
    if (this.done()) throw this.error('nothing to escape after "\\"')
    const char = this.pattern[this.index]!
    this.index += 1
    return char
  }
}
