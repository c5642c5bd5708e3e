import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'
import { AuthShell } from './auth-shell'
import { isStaff } from '@/business-rules/roles'

export const verifiedRedirectMs = 1000
export const noSessionRedirectMs = 2000

/** The return point of emailed links: processing, then the right area after 1 s, or login after 2 s. */
export function AuthCallbackPage() {
  const { t } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const { user, role, loading } = useSessionStore()

  useEffect(() => {
    if (loading) return
    const [to, delay] = user
      ? [paths.page(lang, isStaff(role) ? 'adminPanel' : 'dashboard'), verifiedRedirectMs]
      : [paths.page(lang, 'login'), noSessionRedirectMs]
    const timer = setTimeout(() => navigate(to, { replace: true }), delay)
    return () => clearTimeout(timer)
  }, [loading, user, role, lang, navigate])

  return (
    <AuthShell title={t`Verifying your account`} description={t`One moment, please.`}>
      <p role="status" className="flex items-center gap-3">
        {loading ? (
          <>
            <Spinner /> <Trans>Processing...</Trans>
          </>
        ) : user ? (
          <Trans>Session verified. Redirecting...</Trans>
        ) : (
          <Trans>No session found. Redirecting...</Trans>
        )}
      </p>
    </AuthShell>
  )
}
