import { UsersPage } from '@/features/admin/area/users-page'
import { connectAuth } from '@/features/auth/auth-session'
import { saveProfile } from '@/sync-engine/profile'

/** Composes the users list with the one admin write that needs the server: saving a profile. */
export function AdminUsersRoute() {
  return <UsersPage saveUser={async (userId, changes) => saveProfile(await connectAuth(), userId, changes)} />
}
