import { describe, expect, it } from 'vitest'
import { destinationAfterSignIn } from './destination'

const at = (pathname: string, search = '') => ({ pathname, search })

describe('where a sign-in lands', () => {
  it('customers go to the dashboard and admins to the admin panel, in the page language', () => {
    expect(destinationAfterSignIn(at('/en/login'), 'user')).toBe('/en/dashboard')
    expect(destinationAfterSignIn(at('/es/login'), 'admin')).toBe('/es/admin-panel')
  })

  it('a clerk lands where an admin does: the package tool, or the admin area from its login, or the desk page they came from', () => {
    expect(destinationAfterSignIn(at('/es/login'), 'clerk')).toBe('/es/admin-panel')
    expect(destinationAfterSignIn(at('/admin/login'), 'clerk')).toBe('/admin')
    expect(destinationAfterSignIn(at('/admin/login', '?redirectTo=%2Fadmin%2Fpackages'), 'clerk')).toBe('/admin/packages')
  })

  it('the admin login leads admins to the admin area, and customers to their dashboard', () => {
    expect(destinationAfterSignIn(at('/admin/login'), 'admin')).toBe('/admin')
    expect(destinationAfterSignIn(at('/admin/login'), 'user')).toMatch(/\/dashboard$/)
  })

  it('returns to the protected page the user came from', () => {
    expect(destinationAfterSignIn(at('/es/login', '?redirectTo=%2Fes%2Fdashboard'), 'user')).toBe('/es/dashboard')
    expect(destinationAfterSignIn(at('/admin/login', '?redirectTo=%2Fadmin%2Fusers'), 'admin')).toBe('/admin/users')
  })

  it('never returns a customer to an admin page, nor anywhere off-site', () => {
    expect(destinationAfterSignIn(at('/es/login', '?redirectTo=%2Fadmin'), 'user')).toBe('/es/dashboard')
    expect(destinationAfterSignIn(at('/es/login', '?redirectTo=%2F%2Fevil.example'), 'user')).toBe('/es/dashboard')
    expect(destinationAfterSignIn(at('/es/login', '?redirectTo=https%3A%2F%2Fevil.example'), 'admin')).toBe('/es/admin-panel')
    // A protected page's path as written, another host's as a browser reads it.
    for (const path of ['/es/dashboard/..//evil.example', '/es/dashboard/%2e%2e/%2e%2e//evil.example', '/es/dashboard/../..\\/evil.example']) {
      expect(destinationAfterSignIn(at('/es/login', `?redirectTo=${encodeURIComponent(path)}`), 'user')).toBe('/es/dashboard')
    }
  })

  it('returns to the protected page as a browser reads its path', () => {
    expect(destinationAfterSignIn(at('/es/login', `?redirectTo=${encodeURIComponent('/en/./dash\tboard')}`), 'user')).toBe('/en/dashboard')
  })
})
