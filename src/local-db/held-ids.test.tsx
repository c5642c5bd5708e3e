import { act, cleanup, render } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { useHeldPackages } from './admin-queries'
import { db, type LocalPackage } from './db'
import { takeOwnership } from './owner'
import { clearLocalData } from './wipe'

const pkg = (id: string) => ({ id, user_id: 'customer', status: 'recibido', created_at: '2026-11-25T00:00:00Z', updated_at: '2026-11-25T00:00:00Z', events: [] }) as unknown as LocalPackage

beforeEach(async () => {
  cleanup()
  await clearLocalData()
  await takeOwnership('admin')
})

it('never answers for other ids: while it reads for new ones it says nothing, so a held row is never shown as missing', async () => {
  await db.packages.put(pkg('held'))
  const seen: (string[] | undefined)[] = []
  function Probe({ ids }: { ids: string[] }) {
    const held = useHeldPackages(ids)
    seen.push(held && ids.filter((id) => !held.has(id)))
    return null
  }
  const view = render(<Probe ids={['elsewhere']} />)
  await vi.waitFor(() => expect(seen.at(-1)).toEqual(['elsewhere']))

  seen.length = 0
  view.rerender(<Probe ids={['held', 'elsewhere']} />)
  await vi.waitFor(() => expect(seen.at(-1)).toEqual(['elsewhere']))
  // Each render either knew nothing yet or knew 'held' is on the device.
  expect(seen.filter((missing) => missing?.includes('held'))).toEqual([])

  await act(() => db.packages.put(pkg('elsewhere')))
  await vi.waitFor(() => expect(seen.at(-1)).toEqual([]))
})
