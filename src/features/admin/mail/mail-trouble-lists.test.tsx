import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MailTrouble } from '@/remote/mail-admin'
import { renderScreen } from '../../../../tests/unit/render'
import { MailTroubleLists } from './mail-trouble-lists'

const trouble: MailTrouble = {
  failed: [
    { id: 'm1', user_id: 'u1', address: 'ana@example.com', kind: 'package_received', attempts: 8, last_error: 'HTTP 500: down', failed_at: '2026-11-28T15:00:00Z' },
    { id: 'm2', user_id: null, address: 'old@example.com', kind: 'payment_received', attempts: 1, last_error: 'HTTP 422: invalid to', failed_at: '2026-11-28T14:00:00Z' },
  ],
  suppressed: [{ id: 's1', address: 'ben@example.com', user_id: 'u2', reason: 'complaint', detail: null, created_at: '2026-11-27T10:00:00Z' }],
}
const customers: Record<string, string> = { u1: 'Ana Pérez · CM-1001', u2: 'Ben Ruiz · CM-1002' }

function renderLists(props: Partial<Parameters<typeof MailTroubleLists>[0]> = {}, lang: 'es' | 'en' = 'en') {
  const onRetry = vi.fn()
  const onLift = vi.fn()
  renderScreen(<MailTroubleLists trouble={trouble} customerOf={(id) => (id ? (customers[id] ?? null) : null)} busyId={null} canAct onRetry={onRetry} onLift={onLift} {...props} />, { lang })
  return { onRetry, onLift }
}

describe("the admin's mail lists", () => {
  it('show each failed mail (to whom, what, attempts, last error) and each suppressed address with its customer and reason', () => {
    renderLists()
    const failed = screen.getAllByTestId('failed-mail')
    expect(failed.map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['ana@example.com (Ana Pérez · CM-1001)', 'Package arrived', '8', 'HTTP 500: down'],
      ['old@example.com', 'Payment receipt', '1', 'HTTP 422: invalid to'],
    ])
    const [suppressed] = screen.getAllByTestId('suppressed-address')
    expect(within(suppressed!).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent)).toEqual(['ben@example.com (Ben Ruiz · CM-1002)', 'Marked as spam'])
  })

  it('"Try again" and "Lift" act on their own row', () => {
    const { onRetry, onLift } = renderLists()
    fireEvent.click(screen.getByRole('button', { name: 'Try again: mail to old@example.com' }))
    expect(onRetry).toHaveBeenCalledWith(trouble.failed[1])
    fireEvent.click(screen.getByRole('button', { name: 'Lift the suppression of ben@example.com' }))
    expect(onLift).toHaveBeenCalledWith(trouble.suppressed[0])
  })

  it('offers no action while it cannot act (offline, or one under way)', () => {
    renderLists({ canAct: false })
    for (const button of screen.getAllByRole('button')) expect(button).toHaveProperty('disabled', true)
  })

  it('says so, in Spanish too, when nothing failed and every address takes mail', () => {
    renderLists({ trouble: { failed: [], suppressed: [] } }, 'es')
    expect(screen.getByRole('heading', { name: 'Correos que fallaron definitivamente' })).toBeTruthy()
    expect(screen.getByText('Ningún correo ha fallado definitivamente.')).toBeTruthy()
    expect(screen.getByText('Todas las direcciones reciben correo.')).toBeTruthy()
    expect(screen.queryAllByRole('table')).toEqual([])
  })
})
