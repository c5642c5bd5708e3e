import { describe, expect, it } from 'vitest'
import { planAuthTransition } from './auth-transition'

const plan = (event: string, previousUserId: string | null, sessionUserId: string | null, pathname = '/es', signInRequested = false) =>
  planAuthTransition({ event, previousUserId, sessionUserId, pathname, signInRequested })

describe('auth transitions', () => {
  it('app start with a stored session: signs in without wiping or redirecting, whichever event comes first', () => {
    expect(plan('INITIAL_SESSION', null, 'u1', '/es/precios')).toEqual({ kind: 'signed-in', wipeLocalData: false, redirect: false })
    expect(plan('SIGNED_IN', null, 'u1', '/es/precios')).toEqual({ kind: 'signed-in', wipeLocalData: false, redirect: false })
  })

  it('a session already restored from this device is confirmed, not started again', () => {
    expect(plan('INITIAL_SESSION', 'u1', 'u1', '/es/dashboard')).toEqual({ kind: 'same-user' })
    expect(plan('SIGNED_IN', 'u1', 'u1', '/es/dashboard')).toEqual({ kind: 'same-user' })
  })

  it('app start without a session: stays a guest and keeps nothing to wipe', () => {
    expect(plan('INITIAL_SESSION', null, null)).toEqual({ kind: 'signed-out', wipeLocalData: false, leaveProtectedPage: false })
  })

  it('a login the form asked for redirects and starts from a clean read model, in either event order', () => {
    expect(plan('SIGNED_IN', null, 'u1', '/en/login', true)).toEqual({ kind: 'signed-in', wipeLocalData: true, redirect: true })
    expect(plan('INITIAL_SESSION', null, 'u1', '/en/login', true)).toEqual({ kind: 'signed-in', wipeLocalData: true, redirect: true })
  })

  it('screens that finish their own sign-in are not redirected away', () => {
    for (const path of ['/auth/callback', '/es/signup', '/en/register', '/en/reset-password']) {
      expect(plan('SIGNED_IN', null, 'u1', path, true)).toMatchObject({ kind: 'signed-in', redirect: false })
    }
  })

  it('token refreshes and user updates change nothing', () => {
    expect(plan('TOKEN_REFRESHED', 'u1', 'u1')).toEqual({ kind: 'same-user' })
    expect(plan('USER_UPDATED', 'u1', 'u1')).toEqual({ kind: 'same-user' })
  })

  it('another user arriving wipes the previous one', () => {
    expect(plan('SIGNED_IN', 'u1', 'u2')).toMatchObject({ kind: 'signed-in', wipeLocalData: true, redirect: false })
  })

  it('sign-out wipes and leaves protected pages only', () => {
    expect(plan('SIGNED_OUT', 'u1', null, '/es/dashboard')).toEqual({ kind: 'signed-out', wipeLocalData: true, leaveProtectedPage: true })
    expect(plan('SIGNED_OUT', 'u1', null, '/admin/users')).toMatchObject({ leaveProtectedPage: true })
    expect(plan('SIGNED_OUT', 'u1', null, '/en/pricing')).toMatchObject({ wipeLocalData: true, leaveProtectedPage: false })
  })

  it('the admin login is not a protected page, and a sign-out the app already carried out moves nobody', () => {
    expect(plan('SIGNED_OUT', 'u1', null, '/admin/login')).toMatchObject({ leaveProtectedPage: false })
    expect(plan('SIGNED_OUT', null, null, '/admin/users')).toMatchObject({ leaveProtectedPage: false })
  })
})
