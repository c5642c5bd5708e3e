import { Trans, useLingui } from '@lingui/react/macro'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { discard, reapplyStep, retry } from '@/outbox/resolve'
import { shipmentStatusLabels } from './shipment-status'
import { opRefusalText } from './refusals/refusal-text'
import { Button } from './ui/button'
import { useDeviceWrite } from './use-device-write'

/**
 * How this device's changes to a shipment are doing: waiting to be sent, or turned down by the
 * server (with its reason, to send again or drop), or, for an admin's step, made on a version the
 * shipment has since left (take it again on the current one, or drop it).
 */
export function ShipmentChange({ shipment }: { shipment: LocalShipment }) {
  const { t, i18n } = useLingui()
  const write = useDeviceWrite()
  const { refused, conflict } = shipment
  if (conflict) {
    const step = i18n._(shipmentStatusLabels[conflict.status])
    const now = i18n._(shipmentStatusLabels[shipment.status])
    return (
      <div role="alert" data-testid="shipment-conflict" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <p>
          <Trans>
            Someone else changed this shipment first: it is now {now}. Your step to {step} was not applied.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void write(() => reapplyStep(conflict))}>
            <Trans>Apply my step anyway</Trans>
          </Button>
          <Button variant="ghost" onClick={() => void write(() => discard(conflict))}>
            <Trans>Discard my step</Trans>
          </Button>
        </div>
      </div>
    )
  }
  if (refused) {
    const reason = opRefusalText(i18n, refused)
    return (
      <div role="alert" data-testid="shipment-refused" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        <p>
          <Trans>This change was not accepted: {reason}</Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void write(() => retry(refused))}>
            <Trans>Send again</Trans>
          </Button>
          <Button variant="ghost" onClick={() => void write(() => discard(refused))}>
            <Trans>Discard the change</Trans>
          </Button>
        </div>
      </div>
    )
  }
  if (shipment.pendingOps > 0) {
    return (
      <p data-testid="shipment-pending" className="text-sm text-amber-800 dark:text-amber-300">
        {t`Saved on this device, waiting to be sent.`}
      </p>
    )
  }
  return null
}
