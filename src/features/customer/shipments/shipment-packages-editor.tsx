import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatMeasure } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useShippablePackages, type LocalPackage } from '@/local-db/queries'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { queueShipmentPackages } from '@/outbox/queue-shipments'
import { choiceChanged, packageChoices, packagesChoiceError } from './shipment-packages-choice'

/**
 * While a shipment is only requested, its customer adds or takes out packages (saved on this device
 * and sent by the outbox; the server prices the estimate again).
 */
export function ShipmentPackagesEditor({ shipment, packages, userId }: { shipment: LocalShipment; packages: readonly LocalPackage[]; userId: string }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const write = useDeviceWrite()
  const shippable = useShippablePackages(userId) ?? []
  const [editing, setEditing] = useState(false)
  const [chosen, setChosen] = useState<string[]>(shipment.package_ids)
  const error = packagesChoiceError(chosen)

  if (!editing) {
    return (
      <Button
        variant="secondary"
        onClick={() => {
          setChosen(shipment.package_ids)
          setEditing(true)
        }}
      >
        <Trans>Add or remove packages</Trans>
      </Button>
    )
  }
  const toggle = (id: string, on: boolean) => setChosen(on ? [...chosen, id] : chosen.filter((other) => other !== id))
  return (
    <section aria-label={t`Packages in this shipment`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-bold">
        <Trans>Packages in this shipment</Trans>
      </h2>
      <ul className="space-y-2">
        {packageChoices(packages, shippable).map((pkg) => (
          <li key={pkg.id}>
            <label className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <input type="checkbox" className="size-4" checked={chosen.includes(pkg.id)} onChange={(event) => toggle(pkg.id, event.target.checked)} />
              <span className="font-mono text-sm">{pkg.tracking_code ?? pkg.locker_code}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{formatMeasure(pkg.weight_kg, 'kg', lang)}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {i18n._(error)}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>The estimate is worked out again with the packages you keep.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={Boolean(error) || !choiceChanged(shipment.package_ids, chosen)}
          onClick={() => {
            setEditing(false)
            void write(() => queueShipmentPackages(userId, shipment.id, chosen))
          }}
        >
          <Trans>Save packages</Trans>
        </Button>
        <Button variant="ghost" onClick={() => setEditing(false)}>
          <Trans>Keep them as they are</Trans>
        </Button>
      </div>
    </section>
  )
}
