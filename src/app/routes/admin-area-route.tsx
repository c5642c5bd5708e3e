import { AdminLayout } from '@/features/admin/area/admin-layout'
import { paths } from '@/i18n/paths'
import { LanguageSwitch } from '../layout/language-switch'
import { SignOut } from '../layout/sign-out'
import { ThemeToggle } from '../layout/theme-toggle'

/** The /admin area's frame, with the app's own controls; SPEC §2: its logout returns to the admin login with a notice. */
export function AdminAreaRoute() {
  return (
    <AdminLayout
      controls={
        <>
          <LanguageSwitch />
          <ThemeToggle />
        </>
      }
      signOut={<SignOut to={paths.adminLogin()} notice variant="secondary" className="w-full" />}
    />
  )
}
