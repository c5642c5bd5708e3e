import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { useSessionStore } from '@/stores/session-store'
import { renderScreen } from '../../../../tests/unit/render'
import { PackagesPage } from './packages-page'

const pkg = (n: number, status: string) => ({
  id: `p${n}`,
  user_id: 'customer-1',
  locker_code: 'MIA000001',
  tracking_code: `TRK-${n}`,
  status,
  weight_kg: 1,
  volume_m3: null,
  meta: null,
  public_token: `00000000-0000-4000-8000-00000000000${n}`,
  version: 1,
  created_at: `2026-11-0${n}T10:00:00Z`,
  updated_at: `2026-11-0${n}T10:00:00Z`,
  events: [],
})

beforeEach(async () => {
  await takeOwnership('admin-1')
  await db.packages.bulkPut([pkg(1, 'recibido'), pkg(2, 'recibido'), pkg(3, 'recibido'), pkg(4, 'transito'), pkg(5, 'transito')])
  useSessionStore.setState({ user: { id: 'admin-1', email: 'admin@example.com' }, role: 'admin' })
})
afterEach(async () => {
  useSessionStore.setState({ user: null, role: null })
  await clearLocalData()
})

describe('the admin’s packages list', () => {
  it('selects every match of the filter the admin sees: a filter changed while the matches are read selects none of the old ones', async () => {
    renderScreen(<PackagesPage />)
    const selectAll = await screen.findByRole('button', { name: 'Select all 5 matching' })
    act(() => {
      fireEvent.click(selectAll)
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'transito' } })
    })
    await screen.findByRole('button', { name: 'Select all 2 matching' })
    // The old filter's matches have been read by now (the new filter's list came after them).
    await act(() => db.packages.count())
    expect(screen.getByTestId('selected-count').textContent).toBe('0 selected')

    fireEvent.click(screen.getByRole('button', { name: 'Select all 2 matching' }))
    await vi.waitFor(() => expect(screen.getByTestId('selected-count').textContent).toBe('2 selected'))
  })
})
