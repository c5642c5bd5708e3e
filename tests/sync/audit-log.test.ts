import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { setupI18n } from '@lingui/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { messages as es } from '../../locales/es/account.po'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { miamiDayNumber } from '@/business-rules/miami-day'
import { errorText } from '@/components/refusals/refusal-text'
import { auditFilterOf, anyLine } from '@/features/admin/audit/audit-filter'
import { actionText, actorRoleText, tableText } from '@/features/admin/audit/audit-words'
import { readAuditPage, type AuditLine } from '@/remote/audit-log'
import type { Supabase } from '@/remote/client'

// The audit log screen's reads against a running stand-in: the lines the manager's actions wrote,
// said in words, filtered by the form's Miami days, table, action and who, a page at a time; a clerk
// is refused in words.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customer: { id: string; email: string; password: string }

const demoClerk = { email: 'clerk@example.com', password: 'clerk-demo-password' }
const spanish = setupI18n({ locale: 'es', messages: { es } })
const today = new Date(miamiDayNumber(new Date()) * 86_400_000).toISOString().slice(0, 10)
const read = (client: SupabaseClient, form: Partial<typeof anyLine>, before: string | null = null, limit = 50) =>
  readAuditPage(client as unknown as Supabase, auditFilterOf({ ...anyLine, ...form }), before, limit)
const said = (line: AuditLine) => [actionText(spanish, line.action), tableText(spanish, line.table_name), actorRoleText(spanish, line.actor_role), line.actor_name, line.before, line.after]

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
  customer = await signedUpCustomer(standIn.url, 'audit', 'Audit Test')
  await admin.rpc('set_rates', { p_changes: { photos_cents: 275 } }).throwOnError()
  await admin.rpc('record_payment', { p_op_id: randomUUID(), p_user_id: customer.id, p_amount_cents: 1500, p_method: 'cash', p_reference: null }).throwOnError()
  await admin.from('profiles').update({ role: 'clerk' }).eq('id', customer.id).throwOnError()
})

afterAll(async () => {
  await standIn?.close()
})

it('the manager reads today’s lines newest first, each said in words, with the changed fields only', async () => {
  const { lines } = await read(admin, { fromDay: today, toDay: today, actor: adminId })
  expect(lines.slice(0, 3).map(said)).toEqual([
    ['Cambió un rol', 'Usuarios', 'Gerente', 'Admin Demo', { role: 'user' }, { role: 'clerk' }],
    ['Registró un pago', 'Movimientos de cuenta', 'Gerente', 'Admin Demo', null, expect.objectContaining({ user_id: customer.id, amount_cents: -1500, kind: 'payment' })],
    ['Cambió una tarifa', 'Tarifas', 'Gerente', 'Admin Demo', { value: 200 }, { value: 275 }],
  ])
})

it('the filters narrow it: a table, an action, a day range that ends before today', async () => {
  expect((await read(admin, { table: 'rates', fromDay: today, actor: adminId })).lines.map((line) => [line.action, line.row_id])).toEqual([['rate.update', 'photos_cents']])
  expect((await read(admin, { action: 'role.change', fromDay: today, actor: adminId })).lines.map((line) => line.row_id)).toEqual([customer.id])
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  expect((await read(admin, { fromDay: yesterday, toDay: yesterday, actor: adminId })).lines).toEqual([])
})

it('pages on: “Load more” passes the cursor back and gets the next lines, none twice, until there are no more', async () => {
  const all = (await read(admin, { fromDay: today, actor: adminId })).lines.map((line) => line.id)
  const paged: number[] = []
  let next: string | null = null
  do {
    const page = await read(admin, { fromDay: today, actor: adminId }, next, 1)
    paged.push(...page.lines.map((line) => line.id))
    next = page.next
  } while (next)
  expect(paged).toEqual(all)
  expect(all.length).toBeGreaterThanOrEqual(3)
})

it('a clerk reads nothing of it, and is told why in words', async () => {
  const clerk = await signedIn(standIn.url, demoClerk)
  const refusal = await read(clerk, {}).catch((error: unknown) => error)
  expect(errorText(spanish, refusal)).toContain('gerente')
})
