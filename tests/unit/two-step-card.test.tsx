import { createClient } from '@supabase/supabase-js'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TwoStepCard } from '@/features/auth/two-step/two-step-card'
import type { Supabase } from '@/remote/client'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useStepUpStore } from '@/stores/step-up-store'
import { renderScreen } from './render'

// The stand-in's Auth does not load in jsdom (it reads its migrations from disk), so supabase-js
// talks here to a small GoTrue at its network boundary (fetch): the user and their factors, enrol,
// challenge, verify (one right code; the session goes to aal2) and unenrol (a verified factor only
// at aal2, as GoTrue refuses it). The real endpoints are tested in tests/backend/auth-mfa.test.ts.

const rightCode = '123456'
const secret = 'JBSWY3DPEHPK3PXP'

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
const jwt = (aal: 'aal1' | 'aal2') => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'staff-1', aal, exp: Math.floor(Date.now() / 1000) + 3600, role: 'authenticated' })}.c2lnbmF0dXJl`

interface FactorRow {
  id: string
  factor_type: 'totp'
  friendly_name: string
  status: 'unverified' | 'verified'
  created_at: string
  updated_at: string
}

function fakeAuth() {
  const state = { aal: 'aal1' as 'aal1' | 'aal2', factors: [] as FactorRow[], requests: 0, next: 0 }
  const user = () => ({ id: 'staff-1', aud: 'authenticated', role: 'authenticated', email: 'clerk@example.com', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z', factors: state.factors })
  const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' } })
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    state.requests += 1
    const url = new URL(input instanceof Request ? input.url : String(input))
    const method = init?.method ?? 'GET'
    const path = url.pathname.replace('/auth/v1', '')
    const factorId = /^\/factors\/([^/]+)/.exec(path)?.[1]
    if (method === 'GET' && path === '/user') return reply(200, user())
    if (method === 'POST' && path === '/factors') {
      const { friendly_name } = JSON.parse(String(init?.body)) as { friendly_name: string }
      const id = `factor-${(state.next += 1)}`
      state.factors.push({ id, factor_type: 'totp', friendly_name, status: 'unverified', created_at: '', updated_at: '' })
      return reply(200, { id, type: 'totp', friendly_name, totp: { qr_code: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret, uri: `otpauth://totp/x?secret=${secret}` } })
    }
    const factor = state.factors.find((each) => each.id === factorId)
    if (!factor) return reply(404, { code: 'mfa_factor_not_found', message: 'Factor not found' })
    if (method === 'POST' && path.endsWith('/challenge')) return reply(200, { id: `challenge-${factor.id}`, type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 })
    if (method === 'POST' && path.endsWith('/verify')) {
      const { code } = JSON.parse(String(init?.body)) as { code: string }
      if (code !== rightCode) return reply(422, { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })
      factor.status = 'verified'
      state.aal = 'aal2'
      return reply(200, { access_token: jwt('aal2'), refresh_token: 'refresh-2', token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, user: user() })
    }
    if (method === 'DELETE') {
      if (factor.status === 'verified' && state.aal !== 'aal2') return reply(422, { code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' })
      state.factors = state.factors.filter((each) => each !== factor)
      return reply(200, { id: factor.id })
    }
    return reply(404, { message: `not here: ${method} ${path}` })
  }
  return { state, fetch }
}

/** A supabase-js client signed in (aal1) against the fake Auth, as the card's connection. */
async function connected(auth: ReturnType<typeof fakeAuth>): Promise<() => Promise<Supabase>> {
  const client = createClient('http://auth.test', 'anon-key', { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, global: { fetch: auth.fetch } })
  const { error } = await client.auth.setSession({ access_token: jwt('aal1'), refresh_token: 'refresh-1' })
  if (error) throw error
  return async () => client
}

// jsdom has no modal dialogs: the browser's showModal and close, as far as the step-up needs them.
const dialogMethods = { showModal: HTMLDialogElement.prototype.showModal, close: HTMLDialogElement.prototype.close }
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
afterAll(() => Object.assign(HTMLDialogElement.prototype, dialogMethods))

afterEach(() => {
  useConnectivityStore.setState({ reachable: true })
  useStepUpStore.setState({ asking: false, waiting: [] })
})

const card = () => within(screen.getByRole('region', { name: 'Two-step verification' }))

describe('the two-step verification card', () => {
  it('sets up a factor: the QR code, the key as text, a wrong code refused, the right one shows it set up', async () => {
    const auth = fakeAuth()
    renderScreen(<TwoStepCard connect={await connected(auth)} />)
    fireEvent.click(await card().findByRole('button', { name: 'Set up two-step verification' }))

    expect((await card().findByRole('img', { name: 'QR code to scan with your authenticator app' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(card().getByTestId('two-step-secret').textContent).toBe(secret)
    const code = card().getByLabelText('Code from your authenticator app')
    fireEvent.change(code, { target: { value: '000000' } })
    fireEvent.click(card().getByRole('button', { name: 'Confirm' }))
    expect(await card().findByText('That code is not right, or was already used: type the code your app shows now.')).toBeTruthy()
    expect(auth.state.factors.map((factor) => factor.status)).toEqual(['unverified'])

    fireEvent.change(code, { target: { value: rightCode } })
    fireEvent.click(card().getByRole('button', { name: 'Confirm' }))
    expect(await card().findByText('Set up with: Authenticator app')).toBeTruthy()
    expect(auth.state.factors.map((factor) => factor.status)).toEqual(['verified'])
    expect(card().queryByRole('button', { name: 'Set up two-step verification' })).toBeNull()
  })

  it('removing it from a session at aal1 asks for the code first, through the step-up, then removes it', async () => {
    const auth = fakeAuth()
    auth.state.factors.push({ id: 'phone', factor_type: 'totp', friendly_name: 'My phone', status: 'verified', created_at: '', updated_at: '' })
    renderScreen(<TwoStepCard connect={await connected(auth)} />)
    fireEvent.click(await card().findByRole('button', { name: 'Remove My phone' }))

    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your code' })
    expect(auth.state.factors).toHaveLength(1)
    fireEvent.change(await within(dialog).findByLabelText('Code from your authenticator app'), { target: { value: rightCode } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    expect(await card().findByRole('button', { name: 'Set up two-step verification' })).toBeTruthy()
    expect(auth.state.factors).toEqual([])
  })

  it('closing the step-up without a code keeps the factor', async () => {
    const auth = fakeAuth()
    auth.state.factors.push({ id: 'phone', factor_type: 'totp', friendly_name: 'My phone', status: 'verified', created_at: '', updated_at: '' })
    renderScreen(<TwoStepCard connect={await connected(auth)} />)
    fireEvent.click(await card().findByRole('button', { name: 'Remove My phone' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your code' })
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(card().getByRole('button', { name: 'Remove My phone' }).hasAttribute('disabled')).toBe(false))
    expect(card().getByText('Set up with: My phone')).toBeTruthy()
    expect(auth.state.factors).toHaveLength(1)
  })

  it('offline, says in Spanish that it needs a connection and asks Auth nothing', async () => {
    useConnectivityStore.setState({ reachable: false })
    const auth = fakeAuth()
    const connect = await connected(auth)
    const before = auth.state.requests
    renderScreen(<TwoStepCard connect={connect} />, { lang: 'es' })
    const section = within(screen.getByRole('region', { name: 'Verificación en dos pasos' }))
    expect(section.getByRole('status').textContent).toBe('No tienes conexión: ver, configurar o quitar la verificación en dos pasos necesita conexión.')
    expect(section.queryByRole('button')).toBeNull()
    expect(auth.state.requests).toBe(before)
  })
})
