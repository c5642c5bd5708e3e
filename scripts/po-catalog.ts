/** The msgids of a .po file whose msgstr is empty (the header entry excluded). */
export function missingTranslations(po: string): string[] {
  const missing: string[] = []
  for (const entry of po.split(/\n\s*\n/)) {
    const id = joined(entry, 'msgid')
    if (id && !joined(entry, 'msgstr')) missing.push(id)
  }
  return missing
}

/** A keyword's string, continuation lines included (`msgid ""\n"long…"`). */
function joined(entry: string, keyword: 'msgid' | 'msgstr'): string {
  const match = entry.match(new RegExp(`^${keyword} ((?:".*"\\n?)+)`, 'm'))
  if (!match?.[1]) return ''
  return match[1]
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as string)
    .join('')
}
