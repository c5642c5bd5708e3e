import { characterCount } from '@/components/form-validation'
import { historyQueryMinLength } from '@/remote/history'

/**
 * The query search_history is sent: trimmed, of at least historyQueryMinLength characters as the
 * database counts them (an emoji is one); null when too short to search (tests/db/history-limits.test.ts
 * holds the two equal).
 */
export function historyQuery(query: string): string | null {
  const trimmed = query.trim()
  return characterCount(trimmed) >= historyQueryMinLength ? trimmed : null
}
