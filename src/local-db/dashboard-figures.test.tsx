import { cleanup, render } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { useDashboardFigures, useUsersPage } from './admin-queries'
import { db, type LocalPackage } from './db'
import { keepCustomers, type Customer } from './directory'
import { takeOwnership } from './owner'
import { clearLocalData } from './wipe'

// The desk's figures and lists, read from the device's copy.

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
const startOfToday = () => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate())
}

const pkg = (id: string, createdAt: string, updatedAt: string, status = 'recibido') =>
  ({ id, user_id: 'customer', locker_code: 'MIA1', tracking_code: id, status, created_at: createdAt, updated_at: updatedAt, events: [], version: 1 }) as unknown as LocalPackage
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

it('counts as received today the packages registered today, not older ones changed today', async () => {
  const today = startOfToday()
  const todayAt = (minutes: number) => new Date(today.getTime() + minutes * 60_000).toISOString()
  const yesterday = new Date(today.getTime() - 3_600_000).toISOString()
  await db.packages.bulkPut([
    pkg('new-a', todayAt(1), todayAt(1)),
    pkg('new-b', todayAt(2), todayAt(3), 'transito'),
    pkg('old-moved', yesterday, todayAt(4), 'transito'),
    pkg('old', yesterday, yesterday),
  ])
  let figures: ReturnType<typeof useDashboardFigures>
  function Probe() {
    figures = useDashboardFigures()
    return null
  }
  render(<Probe />)
  await vi.waitFor(() => expect(figures).toMatchObject({ receivedToday: 2, inTransit: 2 }))
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
