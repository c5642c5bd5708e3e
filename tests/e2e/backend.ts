import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect, type Page } from '@playwright/test'
import { totpCode, totpStep } from '../../supabase/local/auth/totp'
import { SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from '../support/node-supabase'

/** The stand-in the e2e build talks to (see playwright.config.ts; E2E_BACKEND_PORT moves it, for two runs side by side). */
export const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 54329)
export const backendUrl = `http://127.0.0.1:${backendPort}`
export const anonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const demoAdmin = { email: 'admin@example.com', password: 'admin-demo-password' }
export const demoCustomer = { email: 'cliente@example.com', password: 'cliente-demo-password' }
export const seededToken = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

export function newClient(): SupabaseClient {
  return createClient(backendUrl, anonKey, nodeClientOptions)
}

export async function signedIn(credentials: { email: string; password: string }): Promise<SupabaseClient> {
  const client = newClient()
  const { error } = await client.auth.signInWithPassword(credentials)
  if (error) throw error
  return client
}

/** The code an authenticator app shows now for this key (RFC 6238), `ahead` steps later for a code not used yet. */
export const codeFor = (secret: string, ahead = 0) => totpCode(secret, totpStep(Date.now()) + ahead)

/** The service role, for setting up what no screen is the subject of. */
export function serviceClient(): SupabaseClient {
  return createClient(backendUrl, SUPABASE_LOCAL_SERVICE_ROLE_KEY, nodeClientOptions)
}

/**
 * Runs a manager's sensitive action from Node, as a manager of its own confirmed with a code (aal2):
 * GoTrue ends a user's other sessions at aal1 when one reaches aal2, so confirming the shared demo
 * admin would sign it out of the tests running beside this one.
 */
export async function asManager<T>(run: (client: SupabaseClient) => Promise<T>): Promise<T> {
  const client = await signedIn(await newManager())
  const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `e2e-${randomUUID()}` })
  if (error) throw error
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp!.secret) })
  if (verified.error) throw verified.error
  return run(client)
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** Signs up through the real screen and waits for the success view; returns the new customer. */
export async function signUpThroughUi(page: Page, lang: 'es' | 'en' = 'en') {
  const email = uniqueEmail('cust')
  const password = 'secret-pass-1'
  await page.goto(lang === 'en' ? '/en/register' : '/es/signup')
  const main = page.getByRole('main')
  await main.getByLabel(lang === 'en' ? 'Full name' : 'Nombre completo').fill('Ana Test')
  await main.getByLabel(lang === 'en' ? 'Email' : 'Correo electrónico').fill(email)
  await main.getByLabel(lang === 'en' ? 'Password' : 'Contraseña', { exact: true }).fill(password)
  await main.getByRole('button', { name: lang === 'en' ? 'Create my mailbox' : 'Crear mi casillero' }).click()
  await expect(main.getByTestId('locker-code')).toHaveText(/^MIA\d{6}$/, { timeout: 15_000 })
  return { email, password, lockerCode: (await main.getByTestId('locker-code').textContent())! }
}

/** As the demo admin, registers a package for a customer (by email), as the warehouse would. */
export async function registerPackageFor(email: string, fields: { tracking_code?: string; weight_kg?: number; volume_m3?: number } = {}) {
  const admin = await signedIn(demoAdmin)
  const { data: profile, error: profileError } = await admin.from('profiles').select('id').eq('email', email).single()
  if (profileError) throw profileError
  const { data: locker, error: lockerError } = await admin.from('lockers').select('code').eq('user_id', profile.id).single()
  if (lockerError) throw lockerError
  const { data, error } = await admin
    .from('packages')
    .insert({ user_id: profile.id, locker_code: locker.code, status: 'recibido', tracking_code: 'TBA123', weight_kg: 1.5, volume_m3: 0.02, ...fields })
    .select()
    .single()
  if (error) throw error
  return { admin, pkg: data as { id: string; version: number; public_token: string } }
}

/** A shipment of one package the signed-in customer requests and the admin weighs: its charge waits for the customer's approval. */
export async function shipmentAwaitingApproval(client: SupabaseClient, admin: SupabaseClient, packageId: string, name: string) {
  const { data: requested, error } = await client.rpc('request_shipment', {
    p_op_id: randomUUID(),
    p_shipment_id: randomUUID(),
    p_package_ids: [packageId],
    p_service: 'standard',
    p_options: { insurance: false },
    p_items: [{ description: 'Running shoes', quantity: 1, unit_value_usd: 40 }],
    p_address: { name, address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: '' },
  })
  if (error) throw error
  let shipment = requested as { id: string; version: number }
  for (const [status, details] of [['processing', null], ['awaiting_approval', { weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 10 }]] as const) {
    const { data, error: advanceError } = await admin.rpc('advance_shipment', { p_op_id: randomUUID(), p_shipment_id: shipment.id, p_status: status, p_base_version: shipment.version, p_changed_at: new Date().toISOString(), p_details: details })
    if (advanceError) throw advanceError
    shipment = (data as { shipment: typeof shipment }).shipment
  }
  return shipment
}

/** A new manager (an admin without two-step verification yet), of the test's own. */
export async function newManager() {
  const manager = await newCustomer('Manager E2E')
  const { error } = await serviceClient().from('profiles').update({ role: 'admin' }).eq('id', manager.id)
  if (error) throw error
  return manager
}

/** A new customer, signed up through the API (faster than the screen when the screen is not the subject). */
export async function newCustomer(name = 'Cliente E2E') {
  const email = uniqueEmail('cust')
  const password = 'secret-pass-1'
  const { data, error } = await newClient().auth.signUp({ email, password, options: { data: { full_name: name } } })
  if (error) throw error
  return { email, password, id: data.user!.id }
}

/** Signs in through a login screen (the customer's or the admin's) and waits to have left it. */
export async function logInThroughUi(page: Page, path: string, credentials: { email: string; password: string }, lang: 'es' | 'en' = 'en') {
  await page.goto(path)
  const main = page.getByRole('main')
  await main.getByLabel(lang === 'en' ? 'Email' : 'Correo electrónico').fill(credentials.email)
  await main.getByLabel(lang === 'en' ? 'Password' : 'Contraseña').fill(credentials.password)
  await main.getByRole('button', { name: lang === 'en' ? 'Log in' : 'Iniciar sesión' }).click()
  await expect(page).not.toHaveURL(/login/)
}

/** The applied status events the server recorded for a package, oldest first. */
export async function serverEvents(admin: SupabaseClient, packageId: string) {
  const { data, error } = await admin.from('package_events').select('status, outcome, op_id').eq('package_id', packageId).order('recorded_at')
  if (error) throw error
  return data as { status: string; outcome: string; op_id: string }[]
}

/**
 * Ages the stored session past its access token's expiry, as after a night away: supabase-js then
 * wants the network (a token refresh) before it says anything, which the screens must not wait for.
 */
export async function expireStoredSession(page: Page) {
  await page.evaluate(async () => {
    const open = indexedDB.open('casillero')
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const store = db.transaction('auth', 'readwrite').objectStore('auth')
    const item = await new Promise<{ key: string; value: string }>((resolve) => {
      const request = store.get('casillero-auth')
      request.onsuccess = () => resolve(request.result)
    })
    const session = JSON.parse(item.value) as { expires_at: number }
    session.expires_at = Math.floor(Date.now() / 1000) - 60
    await new Promise((resolve) => (store.put({ ...item, value: JSON.stringify(session) }).onsuccess = resolve))
    db.close()
  })
}

/**
 * Removes the signed-in user's saved profile from the page's IndexedDB, as if the profile's first
 * pull were still on its way (it runs beside the packages', and for an admin beside the directory).
 */
export async function forgetLocalProfile(page: Page) {
  await page.evaluate(async () => {
    const open = indexedDB.open('casillero')
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const done = <T>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)))
    const stored = await done(db.transaction('auth').objectStore('auth').get('casillero-auth') as IDBRequest<{ value: string }>)
    const { user } = JSON.parse(stored.value) as { user: { id: string } }
    await done(db.transaction('profiles', 'readwrite').objectStore('profiles').delete(user.id))
    db.close()
  })
}
