import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@/business-rules/roles'
import { takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useSessionStore } from '@/stores/session-store'
import { renderScreen } from '../../../../tests/unit/render'
import { CustomerAccount } from '../money/customer-account'
import { AdminLayout } from './admin-layout'
import { ManagersOnly } from './managers-only'

const signedInAs = async (role: Role) => {
  await takeOwnership('staff-1', role)
  useSessionStore.setState({ user: { id: 'staff-1', email: 'staff@example.com' }, role, loading: false })
}

beforeEach(() => useConnectivityStore.setState({ reachable: false }))
afterEach(async () => {
  cleanup()
  useSessionStore.setState({ user: null, role: null })
  await clearLocalData()
})

const sections = () => within(screen.getByRole('navigation', { name: 'Admin sections' })).getAllByRole('link').map((link) => link.textContent)

describe('each staff member sees what they may do', () => {
  it('a clerk’s menu holds the desk and nothing of the manager’s; a manager’s holds every section and the audit log', async () => {
    await signedInAs('clerk')
    renderScreen(<AdminLayout controls={null} signOut={null} />, { path: '/admin' })
    expect(sections()).toEqual(['Dashboard', 'Packages', 'Shipments', 'Messages', 'Package tool'])
    expect(screen.getByTestId('admin-identity').textContent).toContain('Desk clerk')
    cleanup()

    await signedInAs('admin')
    renderScreen(<AdminLayout controls={null} signOut={null} />, { path: '/admin' })
    expect(sections()).toEqual(['Dashboard', 'Users', 'Packages', 'Shipments', 'Rates', 'Content', 'Reports', 'Receivables', 'Messages', 'Mail', 'Newsletter', 'Audit log', 'Package tool'])
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit')
  })

  it('a manager’s section shows the manager its page, and a clerk why not, with the way back, in their language', async () => {
    await signedInAs('admin')
    renderScreen(<ManagersOnly>rates page</ManagersOnly>, { path: '/admin/rates' })
    expect(screen.getByText('rates page')).toBeTruthy()
    cleanup()

    await signedInAs('clerk')
    renderScreen(<ManagersOnly>rates page</ManagersOnly>, { path: '/admin/rates' })
    expect(screen.queryByText('rates page')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Only managers')
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin')
    cleanup()

    renderScreen(<ManagersOnly>rates page</ManagersOnly>, { lang: 'es', path: '/admin/rates' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Solo para gerentes')
  })

  it('at a customer’s account a clerk records a payment; credits and adjustments are the manager’s buttons', async () => {
    const buttons = async () => (await screen.findByRole('button', { name: 'Record payment' })).parentElement!.textContent
    await signedInAs('clerk')
    renderScreen(<CustomerAccount adminId="staff-1" customerId="customer-1" name="Ana" />)
    expect(await buttons()).toBe('Record payment')
    cleanup()

    await signedInAs('admin')
    renderScreen(<CustomerAccount adminId="staff-1" customerId="customer-1" name="Ana" />)
    expect(await buttons()).toBe('Record paymentGrant creditPost adjustment')
  })
})
