import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { FieldErrors } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextAreaField, TextField } from '@/components/ui/field'
import { normaliseTrackingCode } from '@/components/tracking-code'
import { findPrealertMatch, usePrealertMatch } from '@/local-db/admin-queries'
import { readDirectory, type Customer } from '@/local-db/directory'
import { queueRegistration } from '@/outbox/queue'
import { showToast } from '@/stores/toast-store'
import { StatusField } from '../status-select'
import { PrealertMatch } from './prealert-match'
import { ScanTrackingButton } from './scan/scan-tracking-button'
import { useKeyboardWedge } from './scan/use-keyboard-wedge'
import { emptyPackageForm, maxWeightKg, packageFields, validatePackage, type PackageForm } from './package-validation'

type Field = keyof ReturnType<typeof validatePackage>

interface RegisterPackageFormProps {
  adminId: string
  customer: Customer | null
  /** Selects a customer, as the search above does: a tracking code a customer announced, or a scanned locker code, picks them. */
  onCustomer: (customer: Customer) => void
}

/**
 * Registers a package for the customer found above. It is saved on this device at once and sent
 * by the outbox, so it works on a dropped connection just the same. A tracking code that matches
 * an open prealert (typed or scanned) selects the customer who announced it; the server links the
 * two when the registration arrives. A scanned locker code (the label's other barcode) selects its
 * customer and leaves the tracking code as it was.
 */
export function RegisterPackageForm({ adminId, customer, onCustomer }: RegisterPackageFormProps) {
  const { t, i18n } = useLingui()
  const [form, setForm] = useState<PackageForm>(emptyPackageForm)
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [noCustomer, setNoCustomer] = useState(false)
  const [busy, setBusy] = useState(false)
  const trackingCode = normaliseTrackingCode(form.trackingCode)
  const match = usePrealertMatch(trackingCode)
  const set = (field: keyof PackageForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })
  const errorOf = (field: Field) => errors[field] && i18n._(errors[field])
  // A scan replaces what the field held: the code is the whole label, not an addition to it. A
  // locker code is no tracking code: its customer is chosen, and the field holds what it held.
  const setScannedCode = async (code: string, before?: string) => {
    const owner = (await readDirectory()).byLocker(code)
    if (owner) onCustomer(owner)
    setForm((current) => ({ ...current, trackingCode: owner ? (before ?? current.trackingCode) : code }))
  }
  const onTrackingKeyDown = useKeyboardWedge((code, before) => void setScannedCode(code, before))

  // Each prealert the typed code matches selects its customer once (also when this device's copy
  // brings it in after the code was typed); choosing someone else afterwards is the admin's call.
  const matchedOnce = useRef<string | null>(null)
  useEffect(() => {
    if (!match || matchedOnce.current === match.prealert.id) return
    matchedOnce.current = match.prealert.id
    if (match.owner.id !== customer?.id) onCustomer(match.owner)
  }, [match, customer, onCustomer])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    // A code typed or scanned a moment ago: the match may not have selected anyone yet.
    const owner = customer ?? (await findPrealertMatch(trackingCode))?.owner ?? null
    setNoCustomer(!owner)
    if (!owner) return
    if (owner !== customer) onCustomer(owner)
    const found = validatePackage(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await queueRegistration(adminId, { user_id: owner.id, locker_code: owner.locker_code ?? '', public_token: crypto.randomUUID(), ...packageFields(form) })
      showToast({ title: t`Package created.`, variant: 'success' })
      setForm(emptyPackageForm)
    } catch (error) {
      showToast({ title: t`Could not save the package on this device.`, description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="register-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="register-heading" className="mb-4 text-lg font-bold">
        <Trans>Register a package</Trans>
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Locker code`} value={customer?.locker_code ?? ''} readOnly placeholder={t`Find a customer first`} />
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <TextField label={t`Tracking code`} value={form.trackingCode} onChange={set('trackingCode')} onKeyDown={onTrackingKeyDown} error={errorOf('trackingCode')} autoComplete="off" />
          </div>
          <div className="mt-6">
            <ScanTrackingButton onScan={(code) => void setScannedCode(code)} />
          </div>
        </div>
        {match && <PrealertMatch {...match} selected={match.owner.id === customer?.id} onSelect={() => onCustomer(match.owner)} />}
        <StatusField label={t`Status`} value={form.status} onStatus={(status) => setForm({ ...form, status })} />
        <TextField label={t`Weight (kg)`} type="number" inputMode="decimal" step="0.01" min="0" max={maxWeightKg} value={form.weightKg} onChange={set('weightKg')} error={errorOf('weightKg')} />
        <TextField label={t`Volume (m³)`} type="number" inputMode="decimal" step="0.0001" min="0" value={form.volumeM3} onChange={set('volumeM3')} error={errorOf('volumeM3')} />
        <div className="sm:col-span-2">
          <TextAreaField
            label={t`Meta (JSON)`}
            rows={3}
            value={form.meta}
            onChange={set('meta')}
            error={errorOf('meta')}
            hint={t`Optional. A JSON object, for example {"store": "Amazon", "photos": []}.`}
          />
        </div>
        {noCustomer && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <Trans>Search for a user first.</Trans>
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            <Trans>Create package</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
