import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { maxLengthOf, type FieldErrors } from '@/components/form-validation'
import { normaliseTrackingCode } from '@/components/tracking-code'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/field'
import type { LocalPrealert } from '@/local-db/prealert-overlay'
import { queuePrealertSave } from '@/outbox/queue-prealerts'
import { isOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'
import { prealertFields, prealertLimits, prealertMessages, validatePrealert, type PrealertForm } from './prealert-validation'

type Field = keyof PrealertForm

/** The fields in the order the form shows them: the first invalid one gets the focus. */
const fieldOrder: Field[] = ['store', 'tracking_code', 'description', 'declared_value_usd', 'expected_on']

const emptyForm: PrealertForm = { tracking_code: '', store: '', description: '', declared_value_usd: '', expected_on: '' }

function formOf(prealert: LocalPrealert): PrealertForm {
  return {
    tracking_code: prealert.tracking_code,
    store: prealert.store,
    description: prealert.description,
    declared_value_usd: String(Number(prealert.declared_value_usd)),
    expected_on: prealert.expected_on ?? '',
  }
}

interface PrealertDialogProps {
  userId: string
  /** The prealert being edited, or null to announce a new one. */
  editing: LocalPrealert | null
  /** The customer's other open prealerts: one tracking number is announced once. */
  openTrackingCodes: ReadonlySet<string>
  onClose: () => void
}

/** Announces or edits a prealert. Saved on this device at once and sent by the outbox, so it works offline. */
export function PrealertDialog({ userId, editing, openTrackingCodes, onClose }: PrealertDialogProps) {
  const { t, i18n } = useLingui()
  const [form, setForm] = useState<PrealertForm>(() => (editing ? formOf(editing) : emptyForm))
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [busy, setBusy] = useState(false)
  const set = (field: Field) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })
  const errorOf = (field: Field) => errors[field] && i18n._(errors[field])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validatePrealert(form)
    const code = normaliseTrackingCode(form.tracking_code)
    if (!found.tracking_code && code !== editing?.tracking_code && openTrackingCodes.has(code)) found.tracking_code = prealertMessages.alreadyAnnounced
    setErrors(found)
    const invalid = fieldOrder.find((field) => found[field])
    if (invalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus()
      return
    }
    setBusy(true)
    try {
      await queuePrealertSave(userId, editing?.id ?? null, prealertFields(form))
      showToast({
        title: editing ? t`Prealert updated` : t`Package announced`,
        description: isOnline() ? undefined : t`Saved on this device; it will be sent when you are back online.`,
        variant: 'success',
      })
      onClose()
    } catch (error) {
      showToast({ title: t`Could not save the prealert on this device.`, description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open
      title={editing ? t`Edit prealert` : t`Announce a package`}
      description={<Trans>Tell us what is on its way to your locker: we match it with the tracking number when it arrives.</Trans>}
      onClose={onClose}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField name="store" label={t`Store`} value={form.store} onChange={set('store')} error={errorOf('store')} maxLength={maxLengthOf(prealertLimits.store)} placeholder="Amazon" autoComplete="off" />
        <TextField
          name="tracking_code"
          label={t`Tracking number`}
          value={form.tracking_code}
          onChange={set('tracking_code')}
          error={errorOf('tracking_code')}
          hint={t`As the store or carrier gives it.`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className="sm:col-span-2">
          <TextField name="description" label={t`Description`} value={form.description} onChange={set('description')} error={errorOf('description')} maxLength={maxLengthOf(prealertLimits.description)} autoComplete="off" />
        </div>
        <TextField
          name="declared_value_usd"
          label={t`Declared value (USD)`}
          inputMode="decimal"
          value={form.declared_value_usd}
          onChange={set('declared_value_usd')}
          error={errorOf('declared_value_usd')}
          autoComplete="off"
        />
        <TextField name="expected_on" label={t`Expected date (optional)`} type="date" value={form.expected_on} onChange={set('expected_on')} error={errorOf('expected_on')} />
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button type="submit" busy={busy}>
            {editing ? <Trans>Save changes</Trans> : <Trans>Announce</Trans>}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
