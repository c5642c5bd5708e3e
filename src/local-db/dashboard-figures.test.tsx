import { cleanup, render } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { useDashboardFigures, useUsersPage } from './admin-queries'
import { keepCustomers, type Customer } from './directory'
import { takeOwnership } from './owner'
import { clearLocalData } from './wipe'

// The desk's figures and lists, read from the device's copy ("received today": tests/unit/received-today.test.tsx).

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

const customer = (id: string, createdAt: string, role: 'user' | 'admin' = 'user'): Customer => ({
  id,
  locker_code: null,
  email: `${id}@example.test`,
  full_name: id,
  phone: null,
  plan: 'basic',
  role,
  avatar_path: null,
  created_at: createdAt,
})

beforeEach(async () => {
  cleanup()
  await clearLocalData()
  await takeOwnership('admin')
})

it('lists the users of the directory newest first, and counts its customers', async () => {
  await keepCustomers('admin', [customer('middle', hoursAgo(5)), customer('newest', hoursAgo(1)), customer('oldest', hoursAgo(9), 'admin')])
  let names: string[] | undefined
  let figures: ReturnType<typeof useDashboardFigures>
  function Probe() {
    names = useUsersPage('', {}, 0, 10)?.rows.map((row) => row.id)
    figures = useDashboardFigures()
    return null
  }
  render(<Probe />)
  await vi.waitFor(() => expect(names).toEqual(['newest', 'middle', 'oldest']))
  await vi.waitFor(() => expect(figures).toMatchObject({ customers: 2 }))
})
