import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { db, type LocalProfile, type SetNotificationPreferenceOp } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { renderScreen } from '../../../../tests/unit/render'
import { NotificationPreferencesTable } from './notification-preferences-table'

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name })

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership('customer')
  await db.profiles.put({ id: 'customer', push_muted: ['charge_due'], mail_muted: ['package_received'], in_app_muted: [] } as unknown as LocalProfile)
})

describe('notification preferences table', () => {
  it('is a table of each kind by channel, each box named by its row and column, showing what the profile has', async () => {
    renderScreen(<NotificationPreferencesTable userId="customer" />)
    const table = screen.getByRole('table', { name: 'Tell me when' })
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['What happens', 'In the app', 'Push', 'Email'])
    await expect.poll(() => box('A package arrives at the warehouse: In the app').checked).toBe(true)
    expect(box('A package arrives at the warehouse: Email').checked).toBe(false)
    expect(box('A charge is due: Push').checked).toBe(false)
    expect(box('A charge is due: Email').checked).toBe(true)
    // A shipment's delivery has no notification of its own: only its mail.
    expect(screen.queryByRole('checkbox', { name: 'A shipment is delivered: Push' })).toBeNull()
  })

  it('a receipt and account mail always go by email: shown on, disabled, with why', async () => {
    renderScreen(<NotificationPreferencesTable userId="customer" />)
    for (const name of ['A payment is received (the receipt): Email', 'My account: password reset, email change: Email']) {
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name, description: /^Receipts and account emails always go/ })).toMatchObject({ checked: true, disabled: true })
    }
    await expect.poll(() => box('A payment is received (the receipt): Push').disabled).toBe(false)
  })

  it('a box changed queues that one choice for the server and shows it at once', async () => {
    renderScreen(<NotificationPreferencesTable userId="customer" />)
    await expect.poll(() => box('Free storage is ending: In the app').disabled).toBe(false)
    fireEvent.click(box('A package arrives at the warehouse: Email'))
    expect(box('A package arrives at the warehouse: Email').checked).toBe(true)
    await expect.poll(async () => db.outbox.count()).toBe(1)
    fireEvent.click(box('Free storage is ending: In the app'))
    expect(box('Free storage is ending: In the app').checked).toBe(false)
    await expect.poll(async () => db.outbox.count()).toBe(2)
    expect(box('A package arrives at the warehouse: Email').checked).toBe(true)
    const ops = (await db.outbox.toArray()) as SetNotificationPreferenceOp[]
    expect(ops.map(({ kind, channel, kinds, on }) => ({ kind, channel, kinds, on }))).toEqual([
      { kind: 'set-notification-preference', channel: 'mail', kinds: ['package_received'], on: true },
      { kind: 'set-notification-preference', channel: 'in_app', kinds: ['storage_ending', 'storage_last_day'], on: false },
    ])
  })

  it('speaks Spanish', async () => {
    renderScreen(<NotificationPreferencesTable userId="customer" />, { lang: 'es' })
    expect(screen.getByRole('table', { name: 'Avísame cuando' })).toBeTruthy()
    await expect.poll(() => box('Llega un paquete al almacén: Correo electrónico').checked).toBe(false)
  })
})
