import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { OutboxEntryFrame } from '@/components/outbox/outbox-entry'
import { opRefusalText } from '@/components/refusals/refusal-text'
import { useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import type { QueuedOp } from '@/local-db/db'
import type { OutboxEntry } from '@/outbox/queries'

/** Each of a customer's changes in words. */
function describe(op: QueuedOp, prealert: OutboxEntry['prealert'], i18n: I18n): string {
  switch (op.kind) {
    case 'save-prealert': {
      const subject = `${op.prealert.store} · ${op.prealert.tracking_code}`
      return prealert ? i18n._(msg`Changes to the prealert ${subject}`) : i18n._(msg`New prealert ${subject}`)
    }
    case 'cancel-prealert': {
      const subject = prealert ? `${prealert.store} · ${prealert.tracking_code}` : ''
      return prealert ? i18n._(msg`Cancelling the prealert ${subject}`) : i18n._(msg`Cancelling a prealert`)
    }
    case 'request-shipment':
      return i18n._(msg`Shipment request`)
    case 'cancel-shipment':
      return i18n._(msg`Cancelling a shipment`)
    case 'approve-shipment':
      return i18n._(msg`Approving a shipment’s final charge`)
    case 'set-shipment-packages':
      return i18n._(msg`Changing a shipment’s packages`)
    case 'upload-file': {
      const file = op.name
      return op.target === 'avatar' ? i18n._(msg`New profile photo`) : i18n._(msg`Invoice ${file}`)
    }
    case 'mark-notifications-read':
      return i18n._(msg`Notifications marked as read`)
    case 'set-push-preferences':
      return i18n._(msg`Which notifications are pushed to your devices`)
    case 'set-notification-preference':
      return i18n._(msg`Your notification settings`)
    default:
      return i18n._(msg`A change of your account`)
  }
}

/** One of the customer's changes in the outbox: what it is, a link to its shipment where it has one, and how it is doing. */
export function CustomerOutboxEntry({ entry: { op, prealert }, onNavigate }: { entry: OutboxEntry; onNavigate: () => void }) {
  const { i18n } = useLingui()
  const lang = useLang()
  const name = describe(op, prealert, i18n)
  const shipmentId = 'shipmentId' in op ? op.shipmentId : null
  return (
    <OutboxEntryFrame
      op={op}
      name={name}
      heading={
        shipmentId ? (
          <Link to={shipmentPaths.customer(lang, shipmentId)} onClick={onNavigate} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
            {name}
          </Link>
        ) : undefined
      }
      reason={opRefusalText(i18n, op)}
    />
  )
}
