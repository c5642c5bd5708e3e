import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../tests/unit/render'
import { packageStatuses } from '@/local-db/rows'
import { StatusBadge, statusColors } from './package-status'

const expected = {
  en: ['Received in Miami', 'Consolidating', 'In transit', 'In customs', 'Ready for pickup', 'Delivered'],
  es: ['Recibido en Miami', 'En consolidación', 'En tránsito', 'En aduana', 'Disponible para retiro', 'Entregado'],
} as const

describe('package statuses', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`label all six statuses in ${lang}, each differently`, () => {
      renderScreen(
        <ul>
          {packageStatuses.map((status) => (
            <li key={status}>
              <StatusBadge status={status} />
            </li>
          ))}
        </ul>,
        { lang },
      )
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expected[lang])
    })
  }

  it('give every status its own colour, and an unknown one a neutral badge with its raw value', () => {
    expect(new Set(packageStatuses.map((status) => statusColors[status])).size).toBe(6)
    renderScreen(<StatusBadge status="perdido" />)
    const badge = screen.getByText('perdido')
    expect(badge.dataset.status).toBe('perdido')
    expect(badge.className).toContain('bg-slate-100')
  })
})
