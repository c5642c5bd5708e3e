import { saveProfile as storeProfile, saveProfileAndLocker } from '@/local-db/writes'
import type { Supabase } from '@/remote/client'
import type { LockerRow, ProfileRow } from '@/remote/types'
import { SyncError } from './pull'

/** The customer's profile and locker, refreshed alongside the packages. */
export async function refreshProfileAndLocker(client: Supabase, userId: string): Promise<void> {
  const [profile, locker] = await Promise.all([
    client.from('profiles').select('*').eq('id', userId).single<ProfileRow>(),
    client.from('lockers').select('user_id, code, created_at').eq('user_id', userId).maybeSingle<LockerRow>(),
  ])
  const error = profile.error ?? locker.error
  if (error) throw new SyncError(error.message, Boolean(error.code))
  await saveProfileAndLocker(profile.data!, locker.data)
}

export type ProfileChanges = Partial<Pick<ProfileRow, 'full_name' | 'phone' | 'country' | 'delivery_address' | 'city' | 'postal_code' | 'id_number'>>

/** Saves the customer's own profile online (RLS lets them change these fields, never the role). */
export async function saveProfile(client: Supabase, userId: string, changes: ProfileChanges): Promise<void> {
  const { data, error } = await client.from('profiles').update(changes).eq('id', userId).select('*').single<ProfileRow>()
  if (error) throw new Error(error.message)
  await storeProfile(data)
}
