import type { Lang } from '@/i18n/locales'
import { connectAuth, requestSession } from './auth-session'

/** An auth call's answer: its value, or the service's error (with its message) or whatever was thrown. */
export type AuthResult<Value = null> = { ok: true; value: Value } | { ok: false; error: unknown }

export interface SignupDetails {
  email: string
  password: string
  fullName: string
  phone: string | null
  /** The page's language: the customer's mail is written in it until they choose another in Account. */
  lang: Lang
  /** Where the confirmation link leads back to. */
  redirectTo: string
}

/**
 * The account forms' calls to the auth service, each answering an `AuthResult` instead of throwing, so
 * the pages stay plain and can be rendered in tests with a stand-in for this object.
 */
export interface AuthApi {
  /** Starts the auth client, which takes in a session an emailed link brought in the URL. */
  connect(): Promise<void>
  signIn(email: string, password: string): Promise<AuthResult>
  /** The new user's id when signed in at once; null when the service wants the email confirmed first. */
  signUp(details: SignupDetails): Promise<AuthResult<string | null>>
  sendPasswordReset(email: string, redirectTo: string): Promise<AuthResult>
  /** For the user of the current session (the one a reset link brings). */
  updatePassword(password: string): Promise<AuthResult>
}

async function settle<Value>(call: () => Promise<{ error: unknown; value: Value }>): Promise<AuthResult<Value>> {
  try {
    const { error, value } = await call()
    return error ? { ok: false, error } : { ok: true, value }
  } catch (error) {
    return { ok: false, error }
  }
}

export const authApi: AuthApi = {
  connect: async () => {
    await connectAuth().catch(() => undefined)
  },

  signIn: (email, password) =>
    settle(async () => {
      const { error } = await requestSession((client) => client.auth.signInWithPassword({ email, password }))
      return { error, value: null }
    }),

  signUp: ({ email, password, fullName, phone, lang, redirectTo }) =>
    settle(async () => {
      const { data, error } = await requestSession((client) =>
        client.auth.signUp({ email, password, options: { data: { full_name: fullName, phone, lang }, emailRedirectTo: redirectTo } }),
      )
      return { error, value: data.session && data.user ? data.user.id : null }
    }),

  sendPasswordReset: (email, redirectTo) =>
    settle(async () => {
      const { error } = await (await connectAuth()).auth.resetPasswordForEmail(email, { redirectTo })
      return { error, value: null }
    }),

  updatePassword: (password) =>
    settle(async () => {
      const { error } = await (await connectAuth()).auth.updateUser({ password })
      return { error, value: null }
    }),
}
