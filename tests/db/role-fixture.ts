// A database where every table has rows, made the way the app makes them (the functions each role
// calls), for two customers, a clerk and an admin: what the RLS matrix asks every role about.
import { randomBytes, randomUUID } from 'node:crypto'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { type Engine, createApiUser } from './engines.ts'

export type Actor = 'anon' | 'user' | 'clerk' | 'admin' | 'service'
export type Claims = JwtClaims & { sub: string }

export interface RoleFixture {
  /** Customer A (the matrix's user), customer B (the other customer), the clerk and the admin. */
  a: Claims
  b: Claims
  clerk: Claims
  admin: Claims
  claimsOf(actor: Actor): JwtClaims | null
  /** The signed-in user's id, null for anon and the service role. */
  idOf(actor: Actor): string | null
}

const items = [{ description: 'Running shoes', quantity: 1, unit_value_usd: 40 }]
const address = { name: 'Cliente', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: 'V-1' }

export async function makeRoleFixture(db: Engine): Promise<RoleFixture> {
  const service = { role: 'service_role' } as const
  const [a, b, clerk, admin] = [await createApiUser(db), await createApiUser(db), await createApiUser(db, 'clerk'), await createApiUser(db, true)]
  for (const customer of [a, b]) {
    const packageId = randomUUID()
    await db.as(clerk)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [
      randomUUID(), packageId, customer.sub, randomUUID(), `RLS-${randomUUID().slice(0, 8)}`])
    await db.as(customer)(`select public.save_prealert($1, $2, $3, 'Amazon', 'Shoes', 10, null)`, [randomUUID(), randomUUID(), `PRE-${randomUUID().slice(0, 8)}`])
    await db.as(customer)(`select public.request_shipment($1, $2, $3::uuid[], 'standard', '{}'::jsonb, $4::jsonb, $5::jsonb)`, [
      randomUUID(), randomUUID(), [packageId], JSON.stringify(items), JSON.stringify(address)])
    await db.as(clerk)(`select public.record_payment($1, $2, 500, 'cash', 'desk')`, [randomUUID(), customer.sub])
    await db.as(customer)(`select public.mark_notifications_read_until($1, now())`, [randomUUID()])
    await db.as(customer)(`select public.save_push_subscription($1, $2, $3, 'es')`, [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, `B${randomBytes(64).toString('base64url')}`, randomBytes(16).toString('base64url')])
    await db.as(customer)(`select public.send_contact_message('Cliente', $1, 'tracking', '¿Dónde está?', 'es')`, [`${randomUUID()}@example.test`])
    // The provider's word that the customer's mailbox bounced.
    await db.as(service)(`select public.suppress_mail_address(p.email, 'hard_bounce', $2) from public.profiles p where p.id = $1`, [customer.sub, randomUUID()])
  }
  await db.as(null)(`select public.subscribe_newsletter($1, 'es')`, [`${randomUUID()}@example.test`])
  // Content the visitors do not see (a draft, an unpublished answer), and a rate's history.
  await db.as(admin)(`select public.save_article($1, $2, 0, $3::jsonb)`, [randomUUID(), randomUUID(), JSON.stringify({
    category: 'events', author_name: 'Staff', status: 'draft', texts: { es: { slug: `borrador-${randomUUID().slice(0, 8)}`, title: 'Borrador' } } })])
  await db.as(admin)(`select public.save_faq($1, $2, 0, '{"question_es": "¿Oculta?", "answer_es": "Sí", "published": false}'::jsonb)`, [randomUUID(), randomUUID()])
  const [express] = await db.owner<{ cents: number }>(`select value::int + 1 as cents from public.rates where key = 'express_cents'`)
  await db.as(admin)(`select public.set_rates(jsonb_build_object('express_cents', $1::int))`, [express!.cents])
  // A customer who left: their tombstone, and their locker code retired.
  const gone = await createApiUser(db)
  await db.owner(`delete from auth.users where id = $1`, [gone.sub])

  const claims: Record<Actor, JwtClaims | null> = { anon: null, user: a, clerk, admin, service }
  const ids: Record<Actor, string | null> = { anon: null, user: a.sub, clerk: clerk.sub, admin: admin.sub, service: null }
  return { a, b, clerk, admin, claimsOf: (actor) => claims[actor], idOf: (actor) => ids[actor] }
}
