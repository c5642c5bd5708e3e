import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import type { Supabase } from '@/remote/client'
import { enrolFactor, listFactors, verifyCode, type Enrolment } from '@/remote/two-step'
import { connectAuth } from '../auth-session'
import { codeErrorText } from './code-refusal'

/** What the form asks for: the code of a factor already set up, or a new factor and its first code. */
type Step = { kind: 'loading' } | { kind: 'confirm'; factorId: string } | { kind: 'enrol'; enrolment: Enrolment } | { kind: 'failed'; message: string }

/**
 * One form for both: with a verified factor, the code it shows now; without, the QR code to scan
 * (and its secret as text, to type instead) and the first code. Either way the session ends at aal2.
 * `enrolOnly`: always a new factor (the account's card); `connect`: the auth client (the app's).
 */
export function TwoStepForm({ onDone, onCancel, enrolOnly = false, connect = connectAuth }: { onDone: () => void; onCancel: () => void; enrolOnly?: boolean; connect?: () => Promise<Supabase> }) {
  const { t, i18n } = useLingui()
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let cancelled = false
    void (async () => {
      try {
        const client = await connect()
        const verified = enrolOnly ? undefined : (await listFactors(client)).find((factor) => factor.verified)
        const next: Step = verified ? { kind: 'confirm', factorId: verified.id } : { kind: 'enrol', enrolment: await enrolFactor(client, t`Authenticator app`) }
        if (!cancelled) setStep(next)
      } catch (failure) {
        if (!cancelled) setStep({ kind: 'failed', message: codeErrorText(i18n, failure) })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [connect, enrolOnly, i18n, t])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (step.kind !== 'confirm' && step.kind !== 'enrol') return
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(t`Type the 6 digits your authenticator app shows.`)
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      await verifyCode(await connect(), step.kind === 'confirm' ? step.factorId : step.enrolment.factorId, code)
      onDone()
    } catch (failure) {
      setError(codeErrorText(i18n, failure))
    } finally {
      setBusy(false)
    }
  }

  if (step.kind === 'loading') return <p role="status"><Trans>Loading…</Trans></p>
  if (step.kind === 'failed') {
    return (
      <div className="space-y-4">
        <p role="alert">{step.message}</p>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Close</Trans>
        </Button>
      </div>
    )
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {step.kind === 'enrol' && (
        <>
          <p className="text-sm">
            <Trans>Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type the key below into it.</Trans>
          </p>
          <img src={step.enrolment.qrCode} alt={t`QR code to scan with your authenticator app`} width={192} height={192} className="rounded-lg bg-white p-2" />
          <p className="text-sm">
            <Trans>Key to type:</Trans> <code data-testid="two-step-secret" className="font-mono break-all select-all">{step.enrolment.secret}</code>
          </p>
        </>
      )}
      <TextField
        name="code"
        label={t`Code from your authenticator app`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          <Trans>Confirm</Trans>
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
