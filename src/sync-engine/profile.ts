import { NotOwnerError, readOwner } from '@/local-db/owner'
import type { ProfileRow } from '@/local-db/rows'
import { saveProfile as storeProfile } from '@/local-db/writes'
import type { Supabase } from '@/remote/client'
import { RefusedError } from '@/remote/refused-error'

const profileColumns = 'id, email, full_name, phone, role, plan, country, delivery_address, city, postal_code, id_number, lang, created_at, updated_at'

export type ProfileChanges = Partial<Pick<ProfileRow, 'full_name' | 'phone' | 'role' | 'plan' | 'country' | 'delivery_address' | 'city' | 'postal_code' | 'id_number' | 'lang'>>

/**
 * Saves a profile online and stores the server's row: a customer their own (never the role), an
 * admin anyone's name, phone and role. The database decides which (RLS and its update guard).
 */
export async function saveProfile(client: Supabase, userId: string, changes: ProfileChanges): Promise<void> {
  const owner = await readOwner()
  const { data, error } = await client.from('profiles').update(changes).eq('id', userId).select(profileColumns).single<ProfileRow>()
  if (error) throw new RefusedError(error)
  // Signed out meanwhile: the server has the change; this device keeps nothing of that session.
  if (owner) await storeProfile(owner, data).catch((error: unknown) => {
    if (!(error instanceof NotOwnerError)) throw error
  })
}
