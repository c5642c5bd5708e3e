import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { authLimits, collectErrors, passwordError } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'
import { showToast } from '@/stores/toast-store'
import { authApi, type AuthApi } from './auth-api'
import { AuthShell, ServiceErrorLine } from './auth-shell'
import { reportServiceError } from './service-call'
import { useAuthForm } from './use-auth-form'

const { passwordMinLength } = authLimits

export const afterPasswordUpdateMs = 2000

/** Valid only with the session the emailed link brings (SPEC §2); then a new password and login after 2 s. */
export function ResetPasswordPage({ api = authApi }: { api?: AuthApi }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const { user, loading } = useSessionStore()
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const form = useAuthForm(() => collectErrors({ password: passwordError(password) }))

  useEffect(() => void api.connect(), [api])
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate(paths.page(lang, 'login'), { replace: true }), afterPasswordUpdateMs)
    return () => clearTimeout(timer)
  }, [done, lang, navigate])

  const onSubmit = form.submit(async () => {
    const result = await api.updatePassword(password)
    if (!result.ok) return reportServiceError(t`Update Error`, result.error)
    showToast({ title: t`Password updated!`, variant: 'success' })
    setDone(true)
  })

  return (
    <AuthShell title={t`Choose a new password`} description={t`At least ${passwordMinLength} characters.`}>
      {loading ? (
        <Spinner label={t`Checking your link…`} />
      ) : done ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <Trans>Done! Your password was updated. Redirecting...</Trans>
        </p>
      ) : !user ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <Trans>You must open this page from the password reset link sent to your email.</Trans>
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={form.errors.password && i18n._(form.errors.password)}
          />
          <ServiceErrorLine message={form.serviceError} />
          <Button type="submit" busy={form.busy} className="w-full">
            {form.busy ? <Trans>Updating…</Trans> : <Trans>Update password</Trans>}
          </Button>
        </form>
      )}
    </AuthShell>
  )
}
