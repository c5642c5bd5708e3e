import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { collectErrors, emailError, requiredError } from '@/components/form-validation'
import { Link } from '@/components/links'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { paths, useLang } from '@/i18n/paths'
import { useStepUpStore } from '@/stores/step-up-store'
import { showToast } from '@/stores/toast-store'
import { authApi, type AuthApi } from './auth-api'
import { AuthShell, ServiceErrorLine } from './auth-shell'
import { reportServiceError, serviceMessage } from './service-call'
import { useAuthForm } from './use-auth-form'

/**
 * Email and password. Where a successful sign-in lands is decided once, by the session listener
 * (the page the user came from, else the admin panel or the dashboard).
 */
export function LoginPage({ variant = 'customer', api = authApi }: { variant?: 'customer' | 'admin'; api?: AuthApi }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const admin = variant === 'admin'
  const form = useAuthForm(() => collectErrors({ email: emailError(email), password: requiredError(password) }))

  const onSubmit = form.submit(async () => {
    const result = await api.signIn(email.trim(), password)
    if (!result.ok) {
      if (!admin) return reportServiceError(t`Login Error`, result.error)
      reportServiceError(t`Login error`, { message: t`Invalid credentials or server error.` })
      return serviceMessage(result.error)
    }
    useStepUpStore.setState({ signedInOnForm: true })
    showToast(
      admin
        ? { title: t`Login successful`, description: t`Welcome to the admin panel.`, variant: 'success' }
        : { title: t`Login successful!`, variant: 'success' },
    )
  })

  return (
    <AuthShell
      title={admin ? t`Admin login` : t`Log in`}
      description={admin ? t`Warehouse staff only.` : t`Welcome back. Log in to see your locker and packages.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label={t`Email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={form.errors.email && i18n._(form.errors.email)} />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.errors.password && i18n._(form.errors.password)}
        />
        <ServiceErrorLine message={form.serviceError} />
        <Button type="submit" busy={form.busy} className="w-full">
          {form.busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </Button>
      </form>
      {!admin && (
        <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
          <Link to={paths.page(lang, 'forgot')} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
            <Trans>Forgot your password?</Trans>
          </Link>
          <Link to={paths.page(lang, 'signup')} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
            <Trans>Create a free mailbox</Trans>
          </Link>
        </div>
      )}
    </AuthShell>
  )
}

export function AdminLoginPage() {
  return <LoginPage variant="admin" />
}
