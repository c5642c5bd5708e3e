import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { newClient, startTestStandIn, uniqueEmail } from './helpers'

// With email confirmations on (SUPABASE_LOCAL_CONFIRM_EMAIL=true), signup only mails a link.
let standIn: StandIn

beforeAll(async () => {
  standIn = await startTestStandIn({ confirmEmail: true })
})

afterAll(async () => {
  await standIn?.close()
})

it('signup returns the user without a session and mails a confirmation link', async () => {
  const email = uniqueEmail('confirm')
  const password = 'secret-pass-1'
  const { data, error } = await newClient(standIn.url).auth.signUp({ email, password, options: { emailRedirectTo: 'http://localhost:4173/auth/callback' } })
  expect(error).toBeNull()
  expect(data.session).toBeNull()
  expect(data.user).toMatchObject({ email, confirmation_sent_at: expect.any(String) })
  expect(data.user?.email_confirmed_at).toBeUndefined()

  const early = await newClient(standIn.url).auth.signInWithPassword({ email, password })
  expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' })

  const mail = standIn.mail.list().find((m) => m.to === email)
  expect(mail).toMatchObject({ type: 'signup', subject: 'Confirm Your Signup' })
  const response = await fetch(mail!.link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  const location = new URL(response.headers.get('location')!)
  expect(location.pathname).toBe('/auth/callback')
  const fragment = new URLSearchParams(location.hash.slice(1))
  expect(fragment.get('type')).toBe('signup')
  expect(fragment.get('access_token')).toEqual(expect.any(String))

  const later = await newClient(standIn.url).auth.signInWithPassword({ email, password })
  expect(later.error).toBeNull()
  expect(later.data.user?.email_confirmed_at).toEqual(expect.any(String))
})

it('signing up again with a confirmed email does not reveal that the account exists', async () => {
  const email = uniqueEmail('again')
  await newClient(standIn.url).auth.signUp({ email, password: 'secret-pass-1' })
  const mail = standIn.mail.list().find((m) => m.to === email)
  await fetch(mail!.link, { redirect: 'manual' })
  const { data, error } = await newClient(standIn.url).auth.signUp({ email, password: 'secret-pass-2' })
  expect(error).toBeNull()
  expect(data.session).toBeNull()
  expect(data.user?.identities).toEqual([])
})
