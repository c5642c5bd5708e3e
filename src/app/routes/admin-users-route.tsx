import { UsersPage } from '@/features/admin/area/users-page'
import { connectAuth } from '@/features/auth/auth-session'
import { resetStaffFactors } from '@/remote/two-step'
import { withStepUp } from '@/stores/step-up-store'
import { saveProfile } from '@/sync-engine/profile'

/** Composes the users list with the one admin write that needs the server: saving a profile. */
export function AdminUsersRoute() {
  return (
    <UsersPage
      saveUser={(userId, changes) => withStepUp(async () => saveProfile(await connectAuth(), userId, changes))}
      resetTwoStep={(userId) => withStepUp(async () => resetStaffFactors(await connectAuth(), userId))}
    />
  )
}
