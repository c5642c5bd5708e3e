import { jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { supabaseAnonKey, supabaseUrl } from '@/remote/config'
import { DEFAULT_PORT, SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoCustomer, newClient, signedIn, startTestStandIn } from './helpers'

const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET)
let standIn: StandIn

beforeAll(async () => {
  standIn = await startTestStandIn()
})

afterAll(async () => {
  await standIn?.close()
})

it('the app, built with no backend settings, talks to the local backend with its anon key', () => {
  expect(supabaseUrl).toBe(`http://127.0.0.1:${DEFAULT_PORT}`)
  expect(supabaseAnonKey).toBe(SUPABASE_LOCAL_ANON_KEY)
})

it.each([
  ['anon', SUPABASE_LOCAL_ANON_KEY],
  ['service_role', SUPABASE_LOCAL_SERVICE_ROLE_KEY],
])('the %s key is the CLI well-known HS256 JWT signed with the local secret', async (role, key) => {
  const { payload, protectedHeader } = await jwtVerify(key, secret)
  expect(protectedHeader.alg).toBe('HS256')
  expect(payload).toEqual({ iss: 'supabase-demo', role, exp: 1983812996 })
})

it('access tokens the stand-in issues verify with that secret, as `supabase start` tokens do', async () => {
  const client = await signedIn(standIn.url, demoCustomer)
  const { data } = await client.auth.getSession()
  const { payload } = await jwtVerify(data.session!.access_token, secret)
  expect(payload).toMatchObject({ role: 'authenticated', aud: 'authenticated', sub: data.session!.user.id, email: demoCustomer.email })
})

it('a key signed with another secret is refused, not downgraded to anonymous', async () => {
  const forged = await new SignJWT({ iss: 'supabase-demo', role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'))
  const { error, status } = await newClient(standIn.url, forged).from('packages').select('id')
  expect(status).toBe(401)
  expect(error?.message).toBeTruthy()
})
