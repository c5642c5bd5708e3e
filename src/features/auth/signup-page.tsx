import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '@/components/links'
import { authLimits } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { paths, useLang } from '@/i18n/paths'
import { authApi, type AuthApi } from './auth-api'
import { AuthShell, ServiceErrorLine } from './auth-shell'
import { reportServiceError } from './service-call'
import { SignupSuccess } from './signup-success'
import { signupProfile, validateSignup, type SignupForm } from './signup-validation'
import { useAuthForm } from './use-auth-form'

const { passwordMinLength } = authLimits

type Outcome = { kind: 'signed-in'; userId: string } | { kind: 'confirm-email' }

export function SignupPage({ api = authApi }: { api?: AuthApi }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [form, setForm] = useState<SignupForm>({ fullName: '', phone: '', email: '', password: '' })
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const state = useAuthForm(() => validateSignup(form))
  const set = (field: keyof SignupForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })
  const errorOf = (field: keyof SignupForm) => {
    const error = state.errors[field as keyof typeof state.errors]
    return error && i18n._(error)
  }

  const onSubmit = state.submit(async () => {
    const result = await api.signUp({
      email: form.email.trim(),
      password: form.password,
      ...signupProfile(form),
      lang,
      redirectTo: `${location.origin}${paths.authCallback()}`,
    })
    if (!result.ok) return reportServiceError(t`Signup Error`, result.error)
    setOutcome(result.value ? { kind: 'signed-in', userId: result.value } : { kind: 'confirm-email' })
  })

  if (outcome?.kind === 'signed-in') return <SignupSuccess userId={outcome.userId} fullName={form.fullName.trim()} />

  return (
    <AuthShell title={t`Create your free mailbox`} description={t`Get your US address and locker number in under 2 minutes.`}>
      {outcome?.kind === 'confirm-email' ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <Trans>Check your email to confirm your account.</Trans>
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label={t`Full name`} autoComplete="name" value={form.fullName} onChange={set('fullName')} error={errorOf('fullName')} />
          <TextField label={t`Phone (optional)`} type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} error={errorOf('phone')} />
          <TextField label={t`Email`} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errorOf('email')} />
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={errorOf('password')}
            hint={t`At least ${passwordMinLength} characters.`}
          />
          <ServiceErrorLine message={state.serviceError} />
          <Button type="submit" busy={state.busy} className="w-full">
            {state.busy ? <Trans>Creating your mailbox…</Trans> : <Trans>Create my mailbox</Trans>}
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <Trans>Already have an account?</Trans>{' '}
        <Link to={paths.page(lang, 'login')} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </AuthShell>
  )
}
