import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../../tests/unit/render'
import { MailStopped } from './mail-stopped-note'

describe("the desk's word that a customer's mail is stopped", () => {
  it('says to which address, why, and leads to the Mail page', () => {
    renderScreen(<MailStopped suppression={{ id: 's1', address: 'ana@example.com', user_id: 'u1', reason: 'hard_bounce', detail: null, created_at: '2026-11-27T10:00:00Z' }} />)
    expect(screen.getByRole('status').textContent).toMatch(/^No mail goes to ana@example\.com: their mailbox refused a mail for good \(.+\)\. See Mail$/)
    expect(screen.getByRole('link', { name: 'See Mail' }).getAttribute('href')).toBe('/admin/mail')
  })

  it('in Spanish, for a complaint', () => {
    renderScreen(<MailStopped suppression={{ id: 's1', address: 'ana@example.com', user_id: 'u1', reason: 'complaint', detail: null, created_at: '2026-11-27T10:00:00Z' }} />, { lang: 'es' })
    expect(screen.getByRole('status').textContent).toMatch(/^No se envía correo a ana@example\.com: marcó un correo como spam \(.+\)\. Ver Correo$/)
  })
})
