import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/stores/session-store'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../tests/unit/render'
import type { AuthApi, AuthResult } from './auth-api'
import { ForgotPage } from './forgot-page'
import { LoginPage } from './login-page'
import { ResetPasswordPage } from './reset-password-page'
import { SignupPage } from './signup-page'

const ok = <Value,>(value: Value): AuthResult<Value> => ({ ok: true, value })
const failed = (message: string): AuthResult<never> => ({ ok: false, error: { message, status: 400 } })

function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    connect: vi.fn(async () => {}),
    signIn: vi.fn(async () => ok(null)),
    signUp: vi.fn(async () => ok(null)),
    sendPasswordReset: vi.fn(async () => ok(null)),
    updatePassword: vi.fn(async () => ok(null)),
    ...overrides,
  }
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const toast = () => useToastStore.getState().current

afterEach(() => useSessionStore.setState({ user: null, role: null, loading: true, leaving: null }))

describe('login', () => {
  it('checks the fields before calling the service', async () => {
    const api = fakeApi()
    renderScreen(<LoginPage api={api} />)
    type('Email', 'not-an-email')
    await press('Log in')
    expect(api.signIn).not.toHaveBeenCalled()
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy()
  })

  it('signs in with the trimmed email and says so', async () => {
    const api = fakeApi()
    renderScreen(<LoginPage api={api} />)
    type('Email', '  ana@example.com ')
    type('Password', 'secret-password')
    await press('Log in')
    expect(api.signIn).toHaveBeenCalledWith('ana@example.com', 'secret-password')
    expect(toast()?.title).toBe('Login successful!')
  })

  it("shows the service's own message when it refuses", async () => {
    renderScreen(<LoginPage api={fakeApi({ signIn: async () => failed('Invalid login credentials') })} />, { lang: 'es' })
    type('Correo', 'ana@example.com')
    type('Contraseña', 'wrong')
    await press('Iniciar sesión')
    expect(screen.getByTestId('service-error').textContent).toBe('Invalid login credentials')
    expect(toast()).toMatchObject({ title: 'Error de inicio de sesión', description: 'Invalid login credentials', variant: 'destructive' })
  })

  it('on the admin page, names no detail in the notice', async () => {
    const api = fakeApi({ signIn: async () => failed('Invalid login credentials') })
    renderScreen(<LoginPage variant="admin" api={api} />, { path: '/admin/login' })
    expect(screen.getByRole('heading', { name: 'Admin login' })).toBeTruthy()
    type('Email', 'staff@example.com')
    type('Password', 'wrong')
    await press('Log in')
    expect(toast()).toMatchObject({ title: 'Login error', description: 'Invalid credentials or server error.' })
  })
})

describe('signup', () => {
  async function signUp(api: AuthApi) {
    renderScreen(<SignupPage api={api} />)
    type('Full name', ' Ana Pérez ')
    type('Email', 'ana@example.com')
    type('Password', 'secret-password')
    await press('Create my mailbox')
  }

  it('sends the trimmed details, with no phone when none was given', async () => {
    const api = fakeApi()
    await signUp(api)
    expect(api.signUp).toHaveBeenCalledWith(expect.objectContaining({ email: 'ana@example.com', fullName: 'Ana Pérez', phone: null, password: 'secret-password' }))
    expect(vi.mocked(api.signUp).mock.calls[0]![0].redirectTo).toMatch(/\/auth\/callback$/)
  })

  it("sends the page's language, which the customer's mail is written in", async () => {
    const api = fakeApi()
    await signUp(api)
    expect(vi.mocked(api.signUp).mock.calls[0]![0].lang).toBe('en')
  })

  it('asks to confirm the email when the service gives no session', async () => {
    await signUp(fakeApi())
    expect(screen.getByRole('status').textContent).toBe('Check your email to confirm your account.')
  })

  it('shows the new locker once signed in', async () => {
    await signUp(fakeApi({ signUp: async () => ok('00000000-0000-4000-8000-0000000000aa') }))
    expect(screen.getByRole('heading', { name: 'Your mailbox is ready!' })).toBeTruthy()
  })

  it('keeps the form and shows the refusal', async () => {
    await signUp(fakeApi({ signUp: async () => failed('User already registered') }))
    expect(screen.getByTestId('service-error').textContent).toBe('User already registered')
    expect((screen.getByLabelText('Email', { exact: false }) as HTMLInputElement).value).toBe('ana@example.com')
  })
})

describe('forgot password', () => {
  it('mails a link that leads back to the reset page in the same language', async () => {
    const api = fakeApi()
    renderScreen(<ForgotPage api={api} />, { lang: 'es' })
    type('Correo', ' ana@example.com ')
    await press('Enviar enlace')
    expect(api.sendPasswordReset).toHaveBeenCalledWith('ana@example.com', `${location.origin}/es/reset-password`)
    expect(screen.getByRole('status').textContent).toBe('Te enviamos un enlace para restablecer. Revisa tu bandeja de entrada.')
  })

  it('says what went wrong and stays on the form', async () => {
    renderScreen(<ForgotPage api={fakeApi({ sendPasswordReset: async () => failed('Email rate limit exceeded') })} />)
    type('Email', 'ana@example.com')
    await press('Send reset link')
    expect(screen.getByTestId('service-error').textContent).toBe('Email rate limit exceeded')
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy()
  })
})

describe('reset password', () => {
  it('without the session a reset link brings, explains where to come from', () => {
    useSessionStore.setState({ user: null, loading: false })
    const api = fakeApi()
    renderScreen(<ResetPasswordPage api={api} />)
    expect(api.connect).toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe('You must open this page from the password reset link sent to your email.')
  })

  it('with it, refuses a short password and saves a good one', async () => {
    useSessionStore.setState({ user: { id: 'u1', email: 'ana@example.com' }, role: 'user', loading: false })
    const api = fakeApi()
    renderScreen(<ResetPasswordPage api={api} />)
    type('New password', '123')
    await press('Update password')
    expect(api.updatePassword).not.toHaveBeenCalled()
    type('New password', 'a-much-better-one')
    await press('Update password')
    expect(api.updatePassword).toHaveBeenCalledWith('a-much-better-one')
    expect(screen.getByRole('status').textContent).toBe('Done! Your password was updated. Redirecting...')
  })
})
