import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { db } from '@/local-db/db'
import type { FaqRow } from '@/local-db/content-rows'
import { takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { useSessionStore } from '@/stores/session-store'
import { renderScreen } from '../../../../tests/unit/render'
import { FaqSection } from './faq-section'

const faq = (position: number, question: string, published = true): FaqRow => ({
  id: `f${position}`,
  position,
  version: 1,
  updated_at: '2026-11-01T10:00:00Z',
  updated_by: null,
  question_es: question,
  answer_es: `Respuesta ${position}`,
  question_en: null,
  answer_en: null,
  published,
})

beforeEach(async () => {
  await takeOwnership('admin-1')
  await db.faqs.bulkPut([faq(1, '¿Cuánto cuesta el envío?'), faq(2, '¿Qué es un casillero?'), faq(3, '¿Puedo consolidar paquetes?', false)])
  useSessionStore.setState({ user: { id: 'admin-1', email: 'admin@example.com' }, role: 'admin' })
})
afterEach(async () => {
  useSessionStore.setState({ user: null, role: null })
  await clearLocalData()
})

const rows = () => screen.queryAllByTestId('faq-row').map((row) => row.textContent)

describe('the FAQ in the content editor', () => {
  it('is searched in any case without accents, and filtered by what the site shows; each answer keeps its number', async () => {
    renderScreen(<FaqSection />)
    await screen.findByText('¿Qué es un casillero?')
    fireEvent.change(screen.getByLabelText('Search the answers'), { target: { value: 'envio' } })
    expect(rows()).toHaveLength(1)
    expect(rows()[0]).toContain('1.¿Cuánto cuesta el envío?')

    fireEvent.change(screen.getByLabelText('Search the answers'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Shown on the site'), { target: { value: 'hidden' } })
    expect(rows()).toHaveLength(1)
    expect(rows()[0]).toContain('3.¿Puedo consolidar paquetes?')
    // The moves are the whole list's: the last answer cannot go down, it can go up.
    const row = within(screen.getByTestId('faq-row'))
    expect(row.getByRole('button', { name: 'Move down: ¿Puedo consolidar paquetes?' })).toHaveProperty('disabled', true)
    expect(row.getByRole('button', { name: 'Move up: ¿Puedo consolidar paquetes?' })).toHaveProperty('disabled', false)

    fireEvent.change(screen.getByLabelText('Search the answers'), { target: { value: 'aduana' } })
    expect(rows()).toHaveLength(0)
    expect(screen.getByRole('status').textContent).toBe('No answer matches this search.')
  })
})
