import { fold } from '@/local-db/customer-index'

/**
 * Whether `texts` hold every word of `search`, in any case and with accents ignored ("guia" finds
 * "Guía"): how the editor's lists are searched. An empty search matches everything.
 */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = fold(texts.filter(Boolean).join(' '))
  return words.every((word) => haystack.includes(word))
}
