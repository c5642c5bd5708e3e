import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { uploadRefusal } from '@/components/files/upload-refusals'
import { Link } from '@/components/links'
import { refusalReason } from '@/components/outbox/change-refusals'
import { OutboxEntryFrame } from '@/components/outbox/outbox-entry'
import { shipmentRefusal } from '@/components/shipment-refusals'
import { useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import type { QueuedOp } from '@/local-db/db'
import type { OutboxEntry } from '@/outbox/queries'
import { prealertServerMessage } from './prealerts/prealert-messages'

/** What set_push_preferences may answer beyond what every change may hear. */
function pushPreferencesRefusal(i18n: I18n, serverMessage: string): string {
  return /^Unknown notification kind/.test(serverMessage) ? i18n._(msg`The server does not know one of the kinds chosen. Discard the change and choose again.`) : serverMessage
}

/** Each of a customer's changes in words, with what its kind of refusal means. */
function describe(op: QueuedOp, prealert: OutboxEntry['prealert'], i18n: I18n): { name: string; explain?: (i18n: I18n, serverMessage: string) => string } {
  switch (op.kind) {
    case 'save-prealert': {
      const subject = `${op.prealert.store} · ${op.prealert.tracking_code}`
      return { name: prealert ? i18n._(msg`Changes to the prealert ${subject}`) : i18n._(msg`New prealert ${subject}`), explain: prealertServerMessage }
    }
    case 'cancel-prealert': {
      const subject = prealert ? `${prealert.store} · ${prealert.tracking_code}` : ''
      return { name: prealert ? i18n._(msg`Cancelling the prealert ${subject}`) : i18n._(msg`Cancelling a prealert`), explain: prealertServerMessage }
    }
    case 'request-shipment':
      return { name: i18n._(msg`Shipment request`), explain: shipmentRefusal }
    case 'cancel-shipment':
      return { name: i18n._(msg`Cancelling a shipment`), explain: shipmentRefusal }
    case 'approve-shipment':
      return { name: i18n._(msg`Approving a shipment’s final charge`), explain: shipmentRefusal }
    case 'set-shipment-packages':
      return { name: i18n._(msg`Changing a shipment’s packages`), explain: shipmentRefusal }
    case 'upload-file': {
      const file = op.name
      return { name: op.target === 'avatar' ? i18n._(msg`New profile photo`) : i18n._(msg`Invoice ${file}`), explain: uploadRefusal }
    }
    case 'mark-notifications-read':
      return { name: i18n._(msg`Notifications marked as read`) }
    case 'set-push-preferences':
      return { name: i18n._(msg`Which notifications are pushed to your devices`), explain: pushPreferencesRefusal }
    default:
      return { name: i18n._(msg`A change of your account`) }
  }
}

/** One of the customer's changes in the outbox: what it is, a link to its shipment where it has one, and how it is doing. */
export function CustomerOutboxEntry({ entry: { op, prealert }, onNavigate }: { entry: OutboxEntry; onNavigate: () => void }) {
  const { i18n } = useLingui()
  const lang = useLang()
  const { name, explain } = describe(op, prealert, i18n)
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
      reason={refusalReason(i18n, op.lastError ?? '', explain)}
    />
  )
}
