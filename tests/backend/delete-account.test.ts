import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorText } from '@/components/refusals/refusal-text'
import { functionRefusal } from '@/remote/function-refusal'
import type { StandIn } from '../../supabase/local/server'
import { appI18n } from '../unit/app-i18n'
import { demoAdmin, newClient, signedIn, signedUpCustomer, startTestStandIn, steppedUp } from './helpers'

// The customer's control of their account on the real stand-in, through supabase-js: delete-account
// checks the password at Auth before anything changes, refuses while business is open (saying why in
// both languages), and afterwards the account cannot sign in, refresh or use its files. Signing out
// everywhere ends every session of the user, as GoTrue's global scope does.

let standIn: StandIn
let admin: SupabaseClient

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
})

afterAll(async () => {
  await standIn?.close()
})

/** delete-account's answer: the data, or its refusal as the app reads it. */
async function deleteAccount(client: SupabaseClient, password: string) {
  const { data, error } = await client.functions.invoke<{ closed: boolean }>('delete-account', { body: { password } })
  return { data, refusal: error ? ((await functionRefusal(error)) as Error & { hint: string | null; details: string | null }) : null }
}

describe('delete-account', () => {
  it('refuses a wrong password and leaves the account as it was', async () => {
    const customer = await signedUpCustomer(standIn.url, 'delete-wrong', 'Ana Pérez')
    const { refusal } = await deleteAccount(customer.client, 'not-my-password')
    expect(refusal).toMatchObject({ hint: 'wrong_password' })
    expect(errorText(appI18n('es'), refusal)).toBe('Esa no es tu contraseña. Escríbela de nuevo.')
    const { rows } = await standIn.db.query(`select full_name, closed_at from public.profiles where id = $1`, [customer.id])
    expect(rows).toEqual([{ full_name: 'Ana Pérez', closed_at: null }])
    expect((await newClient(standIn.url).auth.signInWithPassword(customer)).error).toBeNull()
  })

  it('refuses while a package waits and money is owed, naming both in either language', async () => {
    const customer = await signedUpCustomer(standIn.url, 'delete-open')
    await admin.rpc('register_package', { p_op_id: randomUUID(), p_package_id: randomUUID(), p_user_id: customer.id, p_public_token: randomUUID(), p_status: 'recibido', p_tracking_code: `DEL-${Date.now()}`, p_weight_kg: 1, p_volume_m3: 0.01, p_meta: null }).throwOnError()
    await admin.rpc('post_adjustment', { p_op_id: randomUUID(), p_user_id: customer.id, p_amount_cents: 1250, p_reason: 'Handling' }).throwOnError()
    const sessions = async () => (await standIn.db.query<{ n: number }>(`select count(*)::int as n from auth.sessions where user_id = $1`, [customer.id])).rows[0]!.n
    const before = await sessions()
    const { refusal } = await deleteAccount(customer.client, customer.password)
    expect(refusal).toMatchObject({ hint: 'account_not_closable' })
    expect(errorText(appI18n('en'), refusal)).toBe('Your account cannot be deleted yet: 1 package is waiting at the warehouse; you owe $12.50.')
    expect(errorText(appI18n('es'), refusal)).toBe('Tu cuenta aún no se puede eliminar: 1 paquete espera en el almacén; debes $12.50.')
    // The session the password check opened ended with the refusal.
    expect(await sessions()).toBe(before)
  })

  it('closes the account: the same e-mail and password no longer sign in, the old session no longer refreshes, the files are gone', async () => {
    const customer = await signedUpCustomer(standIn.url, 'delete-ok', 'Bea Díaz')
    const path = `${customer.id}/${randomUUID()}.pdf`
    await customer.client.storage.from('documents').upload(path, new Blob(['%PDF-1.4 test'], { type: 'application/pdf' })).then(({ error }) => expect(error).toBeNull())
    const session = (await customer.client.auth.getSession()).data.session!

    const { data, refusal } = await deleteAccount(customer.client, customer.password)
    expect(refusal).toBeNull()
    expect(data).toEqual({ closed: true })

    const signIn = await newClient(standIn.url).auth.signInWithPassword(customer)
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' })
    const refresh = await newClient(standIn.url).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' })
    const { rows } = await standIn.db.query(`select name from storage.objects where bucket_id = 'documents' and name = $1`, [path])
    expect(rows).toEqual([])
    // Signing up again with the e-mail is a new customer, with a new locker.
    const again = await newClient(standIn.url).auth.signUp({ email: customer.email, password: customer.password })
    expect(again.error).toBeNull()
    expect(again.data.user!.id).not.toBe(customer.id)
  })
})

describe('signing out everywhere', () => {
  it('ends every session of the user: the other device can no longer refresh', async () => {
    const customer = await signedUpCustomer(standIn.url, 'everywhere')
    const laptop = await signedIn(standIn.url, customer)
    const laptopSession = (await laptop.auth.getSession()).data.session!
    expect((await customer.client.auth.signOut({ scope: 'global' })).error).toBeNull()
    const { error } = await newClient(standIn.url).auth.refreshSession({ refresh_token: laptopSession.refresh_token })
    expect(error).toMatchObject({ code: 'refresh_token_not_found' })
  })

  it("scope others keeps this device's session and ends the rest", async () => {
    const customer = await signedUpCustomer(standIn.url, 'others')
    const laptop = await signedIn(standIn.url, customer)
    const laptopSession = (await laptop.auth.getSession()).data.session!
    expect((await customer.client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await newClient(standIn.url).auth.refreshSession({ refresh_token: laptopSession.refresh_token })).error).toMatchObject({ code: 'refresh_token_not_found' })
    expect((await customer.client.auth.refreshSession()).error).toBeNull()
  })
})
