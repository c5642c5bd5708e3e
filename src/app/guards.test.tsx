import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { messages as en } from '../../locales/en/messages.po'
import { useSessionStore, type Role } from '@/stores/session-store'
import { RequireSession } from './guards'

function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:lang', children: [{ Component: RequireSession, children: [{ path: 'dashboard', element: <p>dashboard content</p> }] }, { element: <RequireSession admin />, children: [{ path: 'admin-panel', element: <p>admin content</p> }] }, { path: '*', Component: Where }] },
      { path: '/admin', element: <RequireSession admin />, children: [{ path: '*?', element: <p>admin area</p> }] },
      { path: '/admin/login', Component: Where },
    ],
    { initialEntries: [path] },
  )
  render(
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}

const signedIn = (role: Role) => useSessionStore.setState({ user: { id: 'u1', email: 'a@b.c' }, role, loading: false })
const signedOut = () => useSessionStore.setState({ user: null, role: null, loading: false })

describe('route guards', () => {
  afterEach(() => useSessionStore.setState({ user: null, role: null, loading: true, leaving: null, failure: null }))

  it('says so, with a way on, when the session could not be opened on this device (instead of loading forever or asking to log in)', () => {
    useSessionStore.setState({ loading: false, failure: 'Failed to fetch dynamically imported module' })
    renderAt('/en/dashboard')
    expect(screen.getByRole('alert').textContent).toContain('Your account could not be opened on this device')
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch dynamically imported module')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en')
    expect(screen.queryByText('dashboard content')).toBeNull()
  })

  it('shows a spinner while the session loads', () => {
    useSessionStore.setState({ loading: true })
    renderAt('/en/dashboard')
    expect(screen.getByRole('status').textContent).toBe('Loading your session…')
    expect(screen.queryByText('dashboard content')).toBeNull()
  })

  it('sends signed-out users to the login of their language, remembering where they were', () => {
    signedOut()
    renderAt('/es/dashboard')
    expect(screen.getByTestId('where').textContent).toBe('/es/login?redirectTo=%2Fes%2Fdashboard')
  })

  it('sends signed-out users on admin routes to the admin login', () => {
    signedOut()
    renderAt('/admin/users')
    expect(screen.getByTestId('where').textContent).toBe('/admin/login?redirectTo=%2Fadmin%2Fusers')
  })

  it('a page being left by a sign-out follows it instead of asking to log in again', () => {
    useSessionStore.setState({ user: null, role: null, loading: false, leaving: { from: '/admin/users', to: '/admin/login' } })
    renderAt('/admin/users')
    expect(screen.getByTestId('where').textContent).toBe('/admin/login')
  })

  it('lets a customer into the dashboard', () => {
    signedIn('user')
    renderAt('/en/dashboard')
    expect(screen.getByText('dashboard content')).toBeTruthy()
  })

  it('sends a customer on an admin route to the dashboard', () => {
    signedIn('user')
    renderAt('/en/admin-panel')
    expect(screen.queryByText('admin content')).toBeNull()
    expect(screen.getByText('dashboard content')).toBeTruthy()
  })

  it('lets an admin into the admin routes', () => {
    signedIn('admin')
    renderAt('/en/admin-panel')
    expect(screen.getByText('admin content')).toBeTruthy()
  })

  it('lets a clerk into the desk: the package tool and the admin area (each manager’s section refuses them itself)', () => {
    signedIn('clerk')
    renderAt('/en/admin-panel')
    expect(screen.getByText('admin content')).toBeTruthy()
    cleanup()
    renderAt('/admin/packages')
    expect(screen.getByText('admin area')).toBeTruthy()
  })
})
