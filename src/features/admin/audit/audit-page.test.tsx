import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuditLine } from '@/remote/audit-log'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { renderScreen } from '../../../../tests/unit/render'
import { AuditPage } from './audit-page'
import { AuditRow } from './audit-row'

// Lines as audit_log_page sends them (tests/sync/audit-log.test.ts reads real ones from the stand-in).
const line = (over: Partial<AuditLine>): AuditLine => ({
  id: 1,
  at: '2026-07-04T16:05:00Z',
  actor_id: 'admin-1',
  actor_role: 'admin',
  actor_name: 'Admin Demo',
  action: 'rate.update',
  table_name: 'rates',
  row_id: 'photos_cents',
  changed: ['value'],
  before: { value: 200 },
  after: { value: 275 },
  ...over,
})

const rows = (lines: AuditLine[], lang: 'es' | 'en' = 'en') =>
  renderScreen(
    <table>
      <tbody>
        {lines.map((each) => (
          <AuditRow key={each.id} line={each} />
        ))}
      </tbody>
    </table>,
    { lang, path: '/admin/audit' },
  )

afterEach(() => {
  cleanup()
  useConnectivityStore.setState({ reachable: true })
})

describe('the audit log screen', () => {
  it('offline, says reading it needs a connection rather than showing an empty log', () => {
    useConnectivityStore.setState({ reachable: false })
    renderScreen(<AuditPage />, { path: '/admin/audit' })
    expect(screen.getByTestId('audit-offline').textContent).toContain('Reading the audit log needs a connection')
    expect(screen.queryByText('Nothing has been logged yet.')).toBeNull()
  })

  it('a line says when in Miami time, who and their role, what in words, which row with a link, and before → after', () => {
    rows([line({})])
    const cells = within(screen.getByTestId('audit-line')).getAllByRole('cell').map((cell) => cell.textContent)
    expect(cells).toEqual(['Jul 4, 2026, 12:05 PM EDT', 'Admin DemoManager', 'Changed a rate', 'RatesPackage photos (USD)', 'value 2.00 → 2.75'])
    expect(screen.getByRole('link', { name: 'Package photos (USD)' }).getAttribute('href')).toBe('/admin/rates')
  })

  it('in Spanish; money in dollars, a role by its name, a customer’s account linked; a deleted user’s fields named but not kept', () => {
    rows(
      [
        line({ id: 3, action: 'role.change', table_name: 'profiles', row_id: 'c0ffee00-0000-4000-8000-000000000001', changed: ['full_name', 'role'], before: { role: 'user' }, after: { role: 'clerk' } }),
        line({ id: 2, action: 'money.payment', table_name: 'account_entries', row_id: 'e1', changed: [], before: null, after: { id: 'e1', user_id: 'cust-1', kind: 'payment', amount_cents: -1500, reference: null } }),
        line({ id: 1, actor_id: null, actor_role: 'service_role', actor_name: null, action: 'money.refund', table_name: 'account_entries', row_id: 'e2', changed: [], before: null, after: { user_id: 'cust-1', amount_cents: 1500 } }),
      ],
      'es',
    )
    const [role, payment, refund] = screen.getAllByTestId('audit-line')
    expect(within(role!).getAllByTestId('audit-change').map((change) => change.textContent)).toEqual(['full_name cambiado (el registro no guarda el valor)', 'role Cliente → Empleado de mostrador'])
    expect(role!.textContent).toContain('Cambió un rol')
    expect(within(role!).getByRole('link').getAttribute('href')).toBe('/es/admin-panel?customer=c0ffee00-0000-4000-8000-000000000001')
    expect(within(payment!).getAllByTestId('audit-change').map((change) => change.textContent)).toEqual(['user_id cust-1', 'kind payment', 'amount_cents -$15.00'])
    expect(within(payment!).getByRole('link').getAttribute('href')).toBe('/es/admin-panel?customer=cust-1')
    expect(within(refund!).getAllByRole('cell')[1]!.textContent).toBe('Servicio de pagos')
  })
})
