import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { priceShipment } from '@/business-rules/shipment-price'
import { boxWeights } from '@/business-rules/shipment-weights'
import { CancelShipmentButton } from '@/components/cancel-shipment-button'
import { maxLengthOf, type FieldErrors } from '@/components/form-validation'
import { PriceBreakdownList } from '@/components/price-breakdown'
import { stepLimits } from '@/components/shipment-step-limits'
import { Button } from '@/components/ui/button'
import { TextAreaField, TextField } from '@/components/ui/field'
import { useDeviceWrite } from '@/components/use-device-write'
import type { ShipmentStepDetails } from '@/local-db/db'
import type { Customer } from '@/local-db/directory'
import { useRates } from '@/sync-engine/rates'
import type { ShipmentStatus } from '@/local-db/rows'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { queueShipmentStep } from '@/outbox/queue-shipments'
import { useSessionUser } from '@/stores/session-store'
import { boxDetails, dispatchDetails, reweighDetails, validateBox, validateDispatch, validateReweigh, type BoxForm, type DispatchForm, type ReweighForm } from './step-validation'

/** The one-click steps, by the status they move on from. */
const simpleSteps: Partial<Record<ShipmentStatus, { to: ShipmentStatus; label: MessageDescriptor }>> = {
  requested: { to: 'processing', label: msg`Start processing` },
  shipped: { to: 'in_customs', label: msg`Mark in customs` },
  in_customs: { to: 'ready', label: msg`Mark ready for delivery` },
  ready: { to: 'delivered', label: msg`Mark delivered` },
}
const cancellable: readonly ShipmentStatus[] = ['requested', 'processing', 'awaiting_approval', 'approved']

/** What the warehouse does next with this shipment; every step is saved on this device and sent by the outbox. */
export function StepPanel({ shipment, customer }: { shipment: LocalShipment; customer: Customer | undefined }) {
  const { t, i18n } = useLingui()
  const admin = useSessionUser()!
  const write = useDeviceWrite()
  const step = (status: ShipmentStatus, details: ShipmentStepDetails | null = null) => write(() => queueShipmentStep(admin.id, shipment.id, status, details))
  // A step waiting on a refusal or a conflict is resolved first: nothing is stacked on top of it.
  if (shipment.refused || shipment.conflict) return null
  const simple = simpleSteps[shipment.status]

  return (
    <section aria-label={t`Next step`} className="space-y-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 dark:border-brand-900 dark:bg-slate-900">
      <h2 className="text-lg font-bold">
        <Trans>Next step</Trans>
      </h2>
      {simple && <Button onClick={() => void step(simple.to)}>{i18n._(simple.label)}</Button>}
      {shipment.status === 'processing' && <BoxStep shipment={shipment} customer={customer} onRecord={(details) => step('awaiting_approval', details)} />}
      {shipment.status === 'awaiting_approval' && (
        <>
          <p className="text-sm">
            <Trans>Waiting for the customer to approve the final charge.</Trans>
          </p>
          <ReweighStep onReweigh={(details) => step('processing', details)} />
        </>
      )}
      {shipment.status === 'approved' && <DispatchStep onShip={(details) => step('shipped', details)} />}
      {(shipment.status === 'delivered' || shipment.status === 'cancelled') && (
        <p className="text-sm">
          <Trans>Nothing left to do.</Trans>
        </p>
      )}
      {cancellable.includes(shipment.status) && <CancelShipmentButton consequence={t`Its packages go back to waiting at the warehouse, and the customer sees it cancelled.`} onCancel={() => void step('cancelled')} />}
    </section>
  )
}

function useStepForm<Form extends object, Field extends string>(initial: Form, validate: (form: Form) => FieldErrors<Field>, submit: (form: Form) => Promise<unknown>) {
  const { i18n } = useLingui()
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [busy, setBusy] = useState(false)
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validate(form)
    setErrors(found)
    const [firstInvalid] = Object.keys(found)
    if (firstInvalid) {
      // The size error belongs to the sides: the first of them takes the focus.
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid === 'size' ? 'length_cm' : firstInvalid}"]`)?.focus()
      return
    }
    setBusy(true)
    await submit(form)
    setBusy(false)
  }
  const field = (name: keyof Form & Field) => ({
    name: String(name),
    value: String(form[name]),
    error: errors[name] && i18n._(errors[name]),
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  })
  return { form, errors, busy, onSubmit, field }
}

function BoxStep({ shipment, customer, onRecord }: { shipment: LocalShipment; customer: Customer | undefined; onRecord: (details: ShipmentStepDetails) => Promise<unknown> }) {
  const { t, i18n } = useLingui()
  const rates = useRates()
  const { form, errors, busy, onSubmit, field } = useStepForm<BoxForm, keyof BoxForm | 'size'>({ weight_kg: '', length_cm: '', width_cm: '', height_cm: '' }, (box) => validateBox(box, rates), (box) => onRecord(boxDetails(box)))
  const box = boxDetails(form)
  const complete = Object.keys(validateBox(form, rates)).length === 0
  const preview = complete
    ? priceShipment(rates, {
        plan: customer?.plan ?? 'basic',
        ...boxWeights(rates, { weight_kg: box.weight_kg!, length_cm: box.length_cm!, width_cm: box.width_cm!, height_cm: box.height_cm! }),
        service: shipment.service,
        insurance: shipment.options.insurance,
        declaredTotalCents: shipment.declared_total_cents,
        packageCount: shipment.package_ids.length,
      })
    : null
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <p className="text-sm">
        <Trans>Weigh and measure the consolidated box: the final charge is worked out from it.</Trans>
      </p>
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField label={t`Weight (kg)`} inputMode="decimal" {...field('weight_kg')} />
        <TextField label={t`Length (cm)`} inputMode="decimal" {...field('length_cm')} />
        <TextField label={t`Width (cm)`} inputMode="decimal" {...field('width_cm')} />
        <TextField label={t`Height (cm)`} inputMode="decimal" {...field('height_cm')} />
      </div>
      {errors.size && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {i18n._(errors.size)}
        </p>
      )}
      {preview && (
        <div className="rounded-xl bg-white p-3 dark:bg-slate-950">
          <p className="text-sm font-medium">
            <Trans>Final charge with this box</Trans>
          </p>
          <PriceBreakdownList price={preview} testId="final-preview" />
        </div>
      )}
      <Button type="submit" busy={busy}>
        <Trans>Record the box and ask the customer to approve</Trans>
      </Button>
    </form>
  )
}

/** The box was weighed wrong: back to processing, with a reason the customer reads, and weighed again. */
function ReweighStep({ onReweigh }: { onReweigh: (details: ShipmentStepDetails) => Promise<unknown> }) {
  const { t } = useLingui()
  const { busy, onSubmit, field } = useStepForm<ReweighForm, keyof ReweighForm>({ reason: '' }, validateReweigh, (form) => onReweigh(reweighDetails(form)))
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3 border-t border-brand-100 pt-3 dark:border-brand-900">
      <TextAreaField label={t`Why the box is weighed again (the customer reads this)`} maxLength={maxLengthOf(stepLimits.reason)} rows={2} {...field('reason')} />
      <Button type="submit" variant="secondary" busy={busy}>
        <Trans>Weigh the box again</Trans>
      </Button>
    </form>
  )
}

function DispatchStep({ onShip }: { onShip: (details: ShipmentStepDetails) => Promise<unknown> }) {
  const { t } = useLingui()
  const { busy, onSubmit, field } = useStepForm<DispatchForm, keyof DispatchForm>({ carrier: '', tracking: '' }, validateDispatch, (dispatch) => onShip(dispatchDetails(dispatch)))
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t`Carrier`} {...field('carrier')} />
        <TextField label={t`Outbound tracking number`} {...field('tracking')} />
      </div>
      <Button type="submit" busy={busy}>
        <Trans>Ship</Trans>
      </Button>
    </form>
  )
}
