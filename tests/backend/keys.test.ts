import { jwtVerify } from 'jose'
import { expect, it } from 'vitest'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_JWT_SECRET, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'

const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET)

it('uses the Supabase CLI local JWT secret', () => {
  expect(SUPABASE_LOCAL_JWT_SECRET).toBe('super-secret-jwt-token-with-at-least-32-characters-long')
})

it.each([
  ['anon', SUPABASE_LOCAL_ANON_KEY],
  ['service_role', SUPABASE_LOCAL_SERVICE_ROLE_KEY],
])('the %s key is the CLI well-known HS256 JWT signed with that secret', async (role, key) => {
  const { payload, protectedHeader } = await jwtVerify(key, secret)
  expect(protectedHeader.alg).toBe('HS256')
  expect(payload).toEqual({ iss: 'supabase-demo', role, exp: 1983812996 })
})

it('a key signed with another secret does not verify', async () => {
  const other = new TextEncoder().encode('another-secret-that-is-at-least-32-characters')
  await expect(jwtVerify(SUPABASE_LOCAL_ANON_KEY, other)).rejects.toThrow()
})
