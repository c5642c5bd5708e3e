import { AdminLayout } from '@/features/admin/area/admin-layout'
import { StepUpDialog } from '@/features/auth/two-step/step-up-dialog'
import { useCodeAtSignIn } from '@/features/auth/two-step/use-code-at-sign-in'
import { useStepUpForRefusedOps } from '@/features/auth/two-step/use-step-up-for-refused-ops'
import { useSessionUser } from '@/stores/session-store'
import { paths } from '@/i18n/paths'
import { LanguageSwitch } from '../layout/language-switch'
import { SignOut } from '../layout/sign-out'
import { ThemeToggle } from '../layout/theme-toggle'

/** The /admin area's frame, with the app's own controls; SPEC §2: its logout returns to the admin login with a notice. */
export function AdminAreaRoute() {
  useCodeAtSignIn()
  useStepUpForRefusedOps(useSessionUser()?.id ?? '')
  return (
    <>
      <StepUpDialog />
      <AdminLayout
        controls={
          <>
            <LanguageSwitch />
            <ThemeToggle />
          </>
        }
        signOut={<SignOut to={paths.adminLogin()} notice variant="secondary" className="w-full" />}
      />
    </>
  )
}
