import { describe, expect, it } from 'vitest'
import { toCsv } from '@/components/csv'
import { subscribersCsvTable } from './subscribers-csv'

describe('the subscribers CSV', () => {
  it('has a row per subscriber under the headers given (the reader language), a formula-like address made harmless', () => {
    const subscribers = [
      { address: 'ana@example.com', lang: 'es', confirmed_at: '2026-11-29T12:00:00Z' },
      { address: '=cmd@example.com', lang: 'en', confirmed_at: '2026-11-30T08:30:00Z' },
    ] as const
    const languageOf = ({ lang }: { lang: 'es' | 'en' }) => (lang === 'es' ? 'Spanish' : 'English')
    expect(toCsv(subscribersCsvTable(subscribers, { address: 'Email', lang: 'Language', confirmed: 'Confirmed' }, languageOf))).toBe(
      "\uFEFFEmail,Language,Confirmed\r\nana@example.com,Spanish,2026-11-29T12:00:00Z\r\n'=cmd@example.com,English,2026-11-30T08:30:00Z\r\n",
    )
  })
})
