import 'fake-indexeddb/auto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { takeOwnership } from '@/local-db/owner'
import { db } from '@/local-db/db'
import { readDirectory } from '@/local-db/directory'
import { clearLocalData } from '@/local-db/wipe'
import type { Supabase } from '@/remote/client'
import { saveProfile } from '@/sync-engine/profile'
import { directoryStream, profileStream, pullStream, rpcPullSource } from '@/sync-engine/pull'

// Saving a profile through real supabase-js against the stand-in: the server decides, the local copy follows.

let standIn: StandIn
let admin: SupabaseClient
const customers: { id: string; client: SupabaseClient }[] = []

const signUp = (name: string) => signedUpCustomer(standIn.url, name, `${name} Test`)

const save = (client: SupabaseClient, userId: string, changes: Parameters<typeof saveProfile>[2]) => saveProfile(client as unknown as Supabase, userId, changes)
const serverProfile = async (id: string) => (await admin.from('profiles').select('*').eq('id', id).single()).data as Record<string, unknown>

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  customers.push(await signUp('ana'), await signUp('beto'))
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  const [ana] = customers
  await pullStream(profileStream, rpcPullSource(ana!.client, profileStream), await takeOwnership(ana!.id))
})

describe('saveProfile', () => {
  it("stores the server's row and keeps the locker code the device already had", async () => {
    const [ana] = customers
    const lockerCode = (await db.profiles.get(ana!.id))?.locker_code
    expect(lockerCode).toMatch(/^MIA\d+$/)
    await save(ana!.client, ana!.id, { city: 'Valencia', phone: '+58 412 555 0101' })
    expect(await serverProfile(ana!.id)).toMatchObject({ city: 'Valencia', phone: '+58 412 555 0101' })
    expect(await db.profiles.get(ana!.id)).toMatchObject({ city: 'Valencia', phone: '+58 412 555 0101', locker_code: lockerCode })
  })

  it('a customer cannot make themselves admin: the save fails and nothing changes on either side', async () => {
    const [ana] = customers
    const before = await db.profiles.get(ana!.id)
    await expect(save(ana!.client, ana!.id, { role: 'admin', city: 'Caracas' })).rejects.toThrow('only admins can change a role')
    expect(await serverProfile(ana!.id)).toMatchObject({ role: 'user' })
    expect(await db.profiles.get(ana!.id)).toEqual(before)
  })

  it("a customer cannot save another customer's profile", async () => {
    const [ana, beto] = customers
    // Row-level security hides Beto's row: the update matches nothing, and the save says so.
    await expect(save(ana!.client, beto!.id, { full_name: 'Hacked' })).rejects.toThrow(/JSON object requested, multiple \(or no\) rows returned/)
    expect(await serverProfile(beto!.id)).toMatchObject({ full_name: 'beto Test' })
    expect(await db.profiles.get(beto!.id)).toBeUndefined()
  })

  it("an admin changes a customer's plan, and the customer cannot change it back", async () => {
    const [ana] = customers
    await save(admin, ana!.id, { plan: 'premium' })
    expect(await db.profiles.get(ana!.id)).toMatchObject({ plan: 'premium' })
    await expect(save(ana!.client, ana!.id, { plan: 'basic' })).rejects.toThrow('only admins can change a plan')
    expect(await serverProfile(ana!.id)).toMatchObject({ plan: 'premium' })
    await save(admin, ana!.id, { plan: 'basic' })
  })

  it("an admin changes a customer's role and name, and the admin's directory shows it at once", async () => {
    const [, beto] = customers
    await clearLocalData()
    const adminDevice = await takeOwnership((await admin.auth.getUser()).data.user!.id)
    const directory = directoryStream()
    await pullStream(directory, rpcPullSource(admin as unknown as Supabase, directory), adminDevice)
    expect((await readDirectory()).get(beto!.id)).toMatchObject({ role: 'user' })
    await save(admin, beto!.id, { role: 'admin', full_name: 'Beto Admin' })
    expect(await serverProfile(beto!.id)).toMatchObject({ role: 'admin' })
    expect((await readDirectory()).get(beto!.id)).toMatchObject({ role: 'admin', full_name: 'Beto Admin', locker_code: expect.stringMatching(/^MIA\d{6}$/) })
    // A customer's full profile is kept only once the admin opens them.
    expect(await db.profiles.get(beto!.id)).toBeUndefined()
    await save(admin, beto!.id, { role: 'user' })
  })
})
