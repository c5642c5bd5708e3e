import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { collectErrors, emailError } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { paths, useLang } from '@/i18n/paths'
import { showToast } from '@/stores/toast-store'
import { authApi, type AuthApi } from './auth-api'
import { AuthShell, ServiceErrorLine } from './auth-shell'
import { reportServiceError } from './service-call'
import { useAuthForm } from './use-auth-form'

export function ForgotPage({ api = authApi }: { api?: AuthApi }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const form = useAuthForm(() => collectErrors({ email: emailError(email) }))

  const onSubmit = form.submit(async () => {
    const result = await api.sendPasswordReset(email.trim(), `${location.origin}${paths.page(lang, 'resetPassword')}`)
    if (!result.ok) return reportServiceError(t`Reset Error`, result.error)
    setSent(true)
    showToast({ title: t`We sent you a reset link. Check your inbox.`, variant: 'success' })
  })

  return (
    <AuthShell title={t`Reset your password`} description={t`We will email you a link to choose a new password.`}>
      {sent ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <Trans>We sent you a reset link. Check your inbox.</Trans>
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label={t`Email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={form.errors.email && i18n._(form.errors.email)} />
          <ServiceErrorLine message={form.serviceError} />
          <Button type="submit" busy={form.busy} className="w-full">
            {form.busy ? <Trans>Sending…</Trans> : <Trans>Send reset link</Trans>}
          </Button>
        </form>
      )}
    </AuthShell>
  )
}
