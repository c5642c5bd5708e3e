import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { priceShipment } from '@/business-rules/shipment-price'
import { packageWeights } from '@/business-rules/shipment-weights'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { PriceBreakdownList } from '@/components/price-breakdown'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatMeasure, formatUsd } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import { usePrealerts, useProfile, useShippablePackages, type LocalPackage, type LocalProfile } from '@/local-db/queries'
import { useRates } from '@/sync-engine/rates'
import type { PrealertRow, ShipmentOptions } from '@/local-db/rows'
import { queueShipmentRequest } from '@/outbox/queue-shipments'
import { useSessionUser } from '@/stores/session-store'
import { AddressFields } from './address-fields'
import { DeclarationEditor, newItem } from './declaration-editor'
import { declaredTotalCents, hasErrors, shipmentRequestOf, validateShipmentRequest, type AddressForm, type ItemForm, type ShipmentRequestErrors, type ShipmentRequestForm } from './shipment-request-validation'

const noErrors: ShipmentRequestErrors = { item: {}, address: {} }

function addressOf(profile: LocalProfile): AddressForm {
  return {
    name: profile.full_name ?? '',
    address: profile.delivery_address ?? '',
    city: profile.city ?? '',
    postal_code: profile.postal_code ?? '',
    country: profile.country ?? '',
    phone: profile.phone ?? '',
    id_number: profile.id_number ?? '',
  }
}

/** A recorded amount as the form shows it ("120.5"), or nothing when there is none. */
const amountOf = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && value.trim()) ? (Number.isFinite(Number(value)) ? String(Number(value)) : '') : '')

/**
 * What is known of these packages' contents, as declaration lines: what the customer announced
 * (the prealert), or else what the warehouse recorded (the package's meta: description, declared value).
 */
function itemsFrom(prealerts: readonly PrealertRow[], packages: readonly LocalPackage[]): ItemForm[] {
  const lines = packages.flatMap((pkg) => {
    const prealert = prealerts.find((candidate) => candidate.package_id === pkg.id)
    if (prealert) return [newItem({ description: prealert.description, unit_value_usd: amountOf(prealert.declared_value_usd) })]
    const { description, declared_value_usd: value } = pkg.meta ?? {}
    return typeof description === 'string' && description.trim() ? [newItem({ description, unit_value_usd: amountOf(value) })] : []
  })
  return lines.length > 0 ? lines : [newItem()]
}

/** Asks the warehouse to ship packages waiting there; saved on this device and sent when it can be, so it works offline. */
export function RequestShipmentPage() {
  const { t } = useLingui()
  const user = useSessionUser()!
  const profile = useProfile(user.id)
  const packages = useShippablePackages(user.id)
  const prealerts = usePrealerts(user.id)
  const ready = profile && packages && prealerts
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <PageMeta title={t`Request a shipment`} description={t`Send the packages waiting at the warehouse home together.`} />
      <Link to={paths.page(useLang(), 'dashboard')} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
        <Trans>Back to my locker</Trans>
      </Link>
      <h1 className="text-3xl font-extrabold">
        <Trans>Request a shipment</Trans>
      </h1>
      {!ready ? (
        <Spinner label={t`Loading your packages…`} />
      ) : packages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>No package is waiting at the warehouse. Once one arrives you can ask for it to be shipped here.</Trans>
        </p>
      ) : (
        <RequestForm userId={user.id} profile={profile} packages={packages} prealerts={prealerts} />
      )}
    </div>
  )
}

interface RequestFormProps {
  userId: string
  profile: LocalProfile
  packages: LocalPackage[]
  prealerts: PrealertRow[]
}

function RequestForm({ userId, profile, packages, prealerts }: RequestFormProps) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const rates = useRates()
  const write = useDeviceWrite()
  const [form, setForm] = useState<ShipmentRequestForm>(() => {
    const package_ids = packages.map((pkg) => pkg.id)
    return { package_ids, service: 'standard', options: { insurance: false, repack: false, remove_invoices: false, extra_protection: false }, items: itemsFrom(prealerts, packages), address: addressOf(profile) }
  })
  // Until the customer edits the declaration, it follows the packages chosen.
  const [itemsEdited, setItemsEdited] = useState(false)
  const [errors, setErrors] = useState<ShipmentRequestErrors>(noErrors)
  const [busy, setBusy] = useState(false)
  const plan = profile.plan ?? 'basic'
  const chosen = packages.filter((pkg) => form.package_ids.includes(pkg.id))
  const estimate = priceShipment(rates, { plan, ...packageWeights(rates, chosen), service: form.service, insurance: form.options.insurance, declaredTotalCents: declaredTotalCents(form.items), packageCount: chosen.length })

  function togglePackage(id: string, on: boolean) {
    const package_ids = on ? packages.map((pkg) => pkg.id).filter((other) => other === id || form.package_ids.includes(other)) : form.package_ids.filter((other) => other !== id)
    setForm({ ...form, package_ids, items: itemsEdited ? form.items : itemsFrom(prealerts, packages.filter((pkg) => package_ids.includes(pkg.id))) })
  }
  const setOption = (option: keyof ShipmentOptions, on: boolean) => setForm({ ...form, options: { ...form.options, [option]: on } })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateShipmentRequest(form)
    setErrors(found)
    if (hasErrors(found)) {
      // The first field with an error, in the page's order, gets the focus.
      requestAnimationFrame(() => event.target instanceof HTMLFormElement && event.target.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus())
      return
    }
    setBusy(true)
    let shipmentId = ''
    const saved = await write(async () => (shipmentId = await queueShipmentRequest(userId, shipmentRequestOf(form), estimate)))
    setBusy(false)
    if (saved) await navigate(shipmentPaths.customer(lang, shipmentId))
  }

  const percent = rates.insurance_percent
  const express = formatUsd(rates.express_cents)
  const consolidation = formatUsd(rates.consolidation_basic_cents)
  const extras: [keyof ShipmentOptions, string, string][] = [
    ['insurance', t`Insurance`, t`${percent}% of the declared total`],
    ['repack', t`Repack in a smaller box`, t`Free`],
    ['remove_invoices', t`Remove invoices`, t`Free`],
    ['extra_protection', t`Extra protection for fragile items`, t`Free`],
  ]
  const section = 'space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900'

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <fieldset className={section}>
        <legend className="mb-2 text-lg font-bold">{t`Packages`}</legend>
        <ul className="space-y-2">
          {packages.map((pkg) => (
            <li key={pkg.id}>
              <label className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <input type="checkbox" className="size-4" data-invalid={errors.packages ? true : undefined} checked={form.package_ids.includes(pkg.id)} onChange={(event) => togglePackage(pkg.id, event.target.checked)} />
                <span className="font-mono text-sm">{pkg.tracking_code ?? pkg.locker_code}</span>
                <span className="text-sm text-slate-600 dark:text-slate-400">{formatMeasure(pkg.weight_kg, 'kg', lang)}</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.packages && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {i18n._(errors.packages)}
          </p>
        )}
        {plan === 'basic' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>On the Basic plan, consolidating 2 or more packages costs {consolidation}.</Trans>
          </p>
        )}
      </fieldset>

      <fieldset className={section}>
        <legend className="mb-2 text-lg font-bold">{t`Service`}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(['standard', 'express'] as const).map((service) => (
            <label key={service} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <input type="radio" name="service" className="size-4" checked={form.service === service} onChange={() => setForm({ ...form, service })} />
              <span>{service === 'standard' ? t`Standard` : t`Express (+${express})`}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className="mb-2 text-lg font-bold">{t`Extras`}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {extras.map(([option, label, price]) => (
            <label key={option} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <input type="checkbox" className="size-4" checked={form.options[option]} onChange={(event) => setOption(option, event.target.checked)} />
              <span>
                {label} <span className="text-sm text-slate-600 dark:text-slate-400">({price})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className={section}>
        <DeclarationEditor
          items={form.items}
          errors={errors}
          onChange={(items) => {
            setItemsEdited(true)
            setForm({ ...form, items })
          }}
        />
      </div>

      <div className={section}>
        <AddressFields address={form.address} errors={errors.address} onChange={(address) => setForm({ ...form, address })} />
      </div>

      <section aria-labelledby="estimate-heading" aria-live="polite" className={section}>
        <h2 id="estimate-heading" className="text-lg font-bold">
          <Trans>Estimate</Trans>
        </h2>
        <PriceBreakdownList price={estimate} testId="estimate" />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>From the weights recorded at the warehouse. The final price comes when the box is weighed, and you approve it before anything leaves.</Trans>
        </p>
      </section>

      <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
        <Trans>Request shipment</Trans>
      </Button>
    </form>
  )
}
