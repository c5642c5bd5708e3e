import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { CustomerTuple } from '@/local-db/customer-index'
import { applyDirectoryChanges, readDirectory, type Customer } from '@/local-db/directory'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { markSynced } from '@/local-db/writes'
import { renderScreen } from '../../../../tests/unit/render'
import { CustomerFinder } from './customer-finder'

// The package tool's finder while the directory's first pull is still arriving: what is stored
// answers a query that names one customer; anything else waits for the rest.

const customer = (n: number, name: string, email: string): CustomerTuple => [`c${n}`, `MIA${100000 + n}`, email, name, null, 'basic', 'user', null, `2026-01-0${n}T00:00:00Z`]
const early = customer(1, 'Zoë Early', 'early@example.com')
const late = customer(2, 'Zoë Late', 'late@example.com')

let owner: DeviceOwner
let found: ReturnType<typeof vi.fn<(customer: Customer | null, query: string) => void>>

beforeEach(async () => {
  owner = await takeOwnership('admin-1')
  // This tab's copy follows the wipe of the test before.
  await vi.waitFor(async () => expect((await readDirectory()).size).toBe(0))
  // The directory's first pull has stored its first customer; the pull goes on.
  await applyDirectoryChanges(owner, { customers: [early], removed: [] }, '1:a')
  found = vi.fn()
  renderScreen(<CustomerFinder ownerId={owner.userId} initialQuery="" directoryLoading onFound={found} />)
})
afterEach(() => clearLocalData())

const search = (query: string) => {
  fireEvent.change(screen.getByLabelText('Customer email, locker code, name or phone'), { target: { value: query } })
  fireEvent.click(screen.getByRole('button', { name: 'Search' }))
}
const stillDownloading = () => screen.queryByText('The customer directory is still downloading: the answer comes as soon as it is here.')

it('answers at once a query that names a customer already stored', async () => {
  search('EARLY@example.com')
  await vi.waitFor(() => expect(found).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }), 'EARLY@example.com'))
  expect(stillDownloading()).toBeNull()
})

it('does not take the only match so far for the only one: it waits for the rest, saying so', async () => {
  search('zoe')
  expect(await screen.findByText(/still downloading/)).toBeTruthy()
  await applyDirectoryChanges(owner, { customers: [late], removed: [] }, '2:a')
  expect(found).not.toHaveBeenCalled()
  await markSynced('directory', owner, Date.now())
  await vi.waitFor(() => expect(found).toHaveBeenCalledWith(null, 'zoe'))
  expect(found).toHaveBeenCalledTimes(1)
  expect(screen.getByText('2 customers match: choose one.')).toBeTruthy()
  expect(stillDownloading()).toBeNull()
})

it('answers a query naming a customer not there yet as soon as they are stored, before the pull ends', async () => {
  search('Suite MIA100002')
  expect(await screen.findByText(/still downloading/)).toBeTruthy()
  await applyDirectoryChanges(owner, { customers: [late], removed: [] }, '2:a')
  await vi.waitFor(() => expect(found).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }), 'Suite MIA100002'))
  expect(stillDownloading()).toBeNull()
})
