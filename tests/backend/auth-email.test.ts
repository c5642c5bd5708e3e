import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signWebhook } from '../../supabase/functions/_shared/standard-webhooks'
import { SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { newClient, startTestStandIn, uniqueEmail } from './helpers'

// auth-email is Auth's Send Email Hook: called as hosted Auth calls it (no JWT, through the functions'
// gateway, Standard Webhooks' signature with the hook's secret), it mails the account's link in the
// customer's language; a call it cannot tell came from Auth sends nothing.

let standIn: StandIn

interface Caught {
  ID: string
  Subject: string
  To: { Address: string }[]
}

const caughtFor = async (email: string) =>
  ((await (await fetch(`${standIn.mailCatcherUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as { messages: Caught[] }).messages
const textOf = async (id: string) => ((await (await fetch(`${standIn.mailCatcherUrl}/api/v1/message/${id}`)).json()) as { Text: string }).Text

const hookCall = (body: string, headers: Record<string, string>) =>
  fetch(`${standIn.url}/functions/v1/auth-email`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })

function emailChange(user: { id: string; email: string; newEmail: string; metadataLang?: string }) {
  return JSON.stringify({
    user: { id: user.id, email: user.email, new_email: user.newEmail, user_metadata: user.metadataLang ? { lang: user.metadataLang } : {} },
    email_data: { token: '111111', token_hash: 'hash-for-new', token_new: '222222', token_hash_new: 'hash-for-current', redirect_to: 'http://localhost:4173/auth/callback', email_action_type: 'email_change', site_url: `${standIn.url}/auth/v1` },
  })
}

beforeAll(async () => {
  standIn = await startTestStandIn({ mailSender: false })
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await fetch(`${standIn.mailCatcherUrl}/api/v1/messages`, { method: 'DELETE' })
})

describe('auth-email', () => {
  it('refuses a call without a good, fresh signature of the hook secret, and sends nothing', async () => {
    const email = uniqueEmail('forged')
    const body = emailChange({ id: randomUUID(), email, newEmail: uniqueEmail('forged-new') })
    const signed = await signWebhook(SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET, 'msg_1', body)
    const forged = await signWebhook(`v1,whsec_${btoa('another secret, 32 bytes long...')}`, 'msg_1', body)
    const stale = await signWebhook(SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET, 'msg_1', body, new Date(Date.now() - 10 * 60_000))
    const attempts: [string, Record<string, string>][] = [
      ['no signature', {}],
      ['another secret', forged],
      ['a stale timestamp', stale],
      ['another id', { ...signed, 'webhook-id': 'msg_2' }],
    ]
    for (const [, headers] of attempts) {
      const response = await hookCall(body, headers)
      expect(response.status).toBe(401)
      expect(((await response.json()) as { error: { http_code: number } }).error.http_code).toBe(401)
    }
    expect((await hookCall(body.replace('hash-for-new', 'hash-of-mine'), signed)).status).toBe(401)
    expect(await caughtFor(email)).toEqual([])
  })

  it("mails an e-mail change to both addresses, each with its own link, in the customer's language over the sign-up's", async () => {
    const email = uniqueEmail('change')
    const { data, error } = await newClient(standIn.url).auth.signUp({ email, password: 'a-good-password', options: { data: { lang: 'en' } } })
    expect(error).toBeNull()
    const newEmail = uniqueEmail('changed')
    const body = emailChange({ id: data.user!.id, email, newEmail, metadataLang: 'es' })
    expect((await hookCall(body, await signWebhook(SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET, `msg_${randomUUID()}`, body))).status).toBe(200)

    const [toCurrent] = await caughtFor(email)
    const [toNew] = await caughtFor(newEmail)
    expect(toCurrent!.Subject).toBe('Confirm the change of your e-mail address')
    expect(toNew!.Subject).toBe('Confirm the change of your e-mail address')
    const redirect = encodeURIComponent('http://localhost:4173/auth/callback')
    expect(await textOf(toCurrent!.ID)).toContain(`${standIn.url}/auth/v1/verify?token=hash-for-current&type=email_change&redirect_to=${redirect}`)
    expect(await textOf(toCurrent!.ID)).toContain('Or enter this code: 222222')
    expect(await textOf(toNew!.ID)).toContain(`${standIn.url}/auth/v1/verify?token=hash-for-new&type=email_change&redirect_to=${redirect}`)
    expect(await textOf(toNew!.ID)).toContain(`from ${email} to ${newEmail}`)
  })

  it("writes to someone without a profile yet in the sign-up's language, else in Spanish", async () => {
    for (const [metadataLang, subject] of [['en', 'Confirm the change of your e-mail address'], [undefined, 'Confirma el cambio de tu correo electrónico']] as const) {
      const newEmail = uniqueEmail('no-profile')
      const body = emailChange({ id: randomUUID(), email: '', newEmail, metadataLang })
      expect((await hookCall(body, await signWebhook(SUPABASE_LOCAL_SEND_EMAIL_HOOK_SECRET, `msg_${randomUUID()}`, body))).status).toBe(200)
      expect((await caughtFor(newEmail)).map((mail) => mail.Subject)).toEqual([subject])
    }
  })
})
