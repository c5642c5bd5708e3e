import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiUser, engines, type Engine } from './engines.ts'

// The customer's language on PGlite and PostgreSQL 15: taken from the sign-up's data.lang (Spanish
// unless it says English), changed by the customer alone, and pulled with their profile.

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine

  const signUp = async (metadata: Record<string, unknown>) => {
    const id = randomUUID()
    await db.owner(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, $3)`, [id, `${id}@example.test`, JSON.stringify(metadata)])
    return { sub: id, role: 'authenticated' as const }
  }
  const langOf = async (id: string) => (await db.owner<{ lang: string }>(`select lang from public.profiles where id = $1`, [id]))[0]!.lang

  beforeAll(async () => {
    db = await open()
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it("is the sign-up's data.lang, and Spanish when it is missing or not a language the business writes in", async () => {
    expect(await langOf((await signUp({ full_name: 'Ann', lang: 'en' })).sub)).toBe('en')
    expect(await langOf((await signUp({ lang: 'es' })).sub)).toBe('es')
    expect(await langOf((await signUp({})).sub)).toBe('es')
    expect(await langOf((await signUp({ lang: 'fr' })).sub)).toBe('es')
  })

  it('the customer changes their own, to a known language only, and reads it in their pulled profile', async () => {
    const customer = await signUp({ lang: 'es' })
    await db.as(customer)(`update public.profiles set lang = 'en' where id = $1`, [customer.sub])
    expect(await langOf(customer.sub)).toBe('en')
    const refused = await db.attempt(customer, (query) => query(`update public.profiles set lang = 'pt' where id = $1`, [customer.sub]))
    expect(refused).toMatchObject({ ok: false, code: '23514' })
    const [pulled] = await db.as(customer)<{ profile: { lang: string }[] }>(`select public.profiles_json(array[$1::uuid]) as profile`, [customer.sub])
    expect(pulled!.profile[0]!.lang).toBe('en')
  })

  it("an admin cannot change a customer's language for them", async () => {
    const admin = await createApiUser(db, true)
    const customer = await signUp({ lang: 'en' })
    const refused = await db.attempt(admin, (query) => query(`update public.profiles set lang = 'es' where id = $1`, [customer.sub]))
    expect(refused).toMatchObject({ ok: false, code: '42501' })
    expect(await langOf(customer.sub)).toBe('en')
  })
})
