import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useDashboardFigures } from '@/local-db/admin-queries'
import { db, type LocalPackage } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'

// The admin dashboard's "received today" in Miami's calendar, whatever the device's time zone (here,
// not under src: it sets the process's zone).

const pkg = (id: string, createdAt: string, updatedAt: string, status = 'recibido', events: { status: string; changed_at: string }[] = []) =>
  ({ id, user_id: 'customer', locker_code: 'MIA1', tracking_code: id, status, created_at: createdAt, updated_at: updatedAt, events, version: 1 }) as unknown as LocalPackage

const deviceZone = process.env.TZ

beforeEach(async () => {
  cleanup()
  await clearLocalData()
  await takeOwnership('admin')
})

afterEach(() => {
  vi.useRealTimers()
  // Assigning undefined would set the text 'undefined'.
  if (deviceZone === undefined) delete process.env.TZ
  else process.env.TZ = deviceZone
})

it('counts as received today the packages that arrived on Miami’s today, as the reports do, whatever the device’s zone', async () => {
  // 21:30 on 1 March in Miami (EST), already 2 March on a device in Madrid or Kiritimati.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-02T02:30:00Z'))
  await db.packages.bulkPut([
    pkg('morning', '2026-03-01T15:00:00Z', '2026-03-01T15:00:00Z'), // 10:00 in Miami, 16:00 on the 1st in Madrid
    pkg('evening', '2026-03-02T01:00:00Z', '2026-03-02T01:10:00Z', 'transito'), // 20:00 in Miami, 2:00 on the 2nd in Madrid
    pkg('registered-before', '2026-02-27T15:00:00Z', '2026-03-01T14:00:00Z', 'recibido', [{ status: 'recibido', changed_at: '2026-03-01T14:00:00Z' }]), // arrived today
    pkg('miami-yesterday', '2026-03-01T04:30:00Z', '2026-03-01T04:30:00Z'), // 23:30 on 28 February in Miami
    pkg('old-moved', '2026-02-20T15:00:00Z', '2026-03-01T16:00:00Z', 'transito'), // arrived long ago, changed today
  ])
  let figures: ReturnType<typeof useDashboardFigures>
  function Probe() {
    figures = useDashboardFigures()
    return null
  }
  for (const zone of ['Europe/Madrid', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
    process.env.TZ = zone
    cleanup()
    figures = undefined
    render(<Probe />)
    await vi.waitFor(() => expect(figures).toMatchObject({ receivedToday: 3, inTransit: 2 }))
  }
})

