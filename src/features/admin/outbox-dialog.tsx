import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '@/components/links'
import { OutboxBadge } from '@/components/outbox/outbox-badge'
import { OutboxDialog } from '@/components/outbox/outbox-dialog'
import { OutboxEntryFrame } from '@/components/outbox/outbox-entry'
import { StatusBadge } from '@/components/package-status'
import { opRefusalText } from '@/components/refusals/refusal-text'
import { ShipmentStatusBadge } from '@/components/shipment-status'
import { entryKindLabels } from '@/components/statement/line-text'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatUsd } from '@/i18n/format'
import { shipmentPaths } from '@/i18n/shipment-paths'
import { isAccountOp, isContentOp, isPackageOp, isShipmentOp, type AccountOp, type PackageOp, type ShipmentOp } from '@/local-db/db'
import { useCustomer } from '@/local-db/directory'
import type { LocalPackage } from '@/local-db/queries'
import { useOutboxCounts, type OutboxEntry } from '@/outbox/queries'
import { discard, reapply } from '@/outbox/resolve'
import { ContentOutboxEntry } from './content/content-outbox-entry'

/** The badge in the admin header: changes not yet on the server, and those that need a decision. */
export function OutboxButton({ userId }: { userId: string }) {
  const counts = useOutboxCounts(userId)
  const [open, setOpen] = useState(false)
  return (
    <>
      <OutboxBadge counts={counts} onClick={() => setOpen(true)} />
      <OutboxDialog userId={userId} open={open} onClose={() => setOpen(false)} Entry={AdminOutboxEntry} />
    </>
  )
}

/** The admins' changes: packages (registrations, statuses, photos), shipment steps, articles and FAQ answers, postings on accounts. */
function AdminOutboxEntry({ entry: { op, pkg }, onNavigate }: { entry: OutboxEntry; onNavigate: () => void }) {
  const { t, i18n } = useLingui()
  if (isPackageOp(op)) return <PackageEntry op={op} pkg={pkg} />
  if (isShipmentOp(op)) return <ShipmentEntry op={op} onNavigate={onNavigate} />
  if (isContentOp(op)) return <ContentOutboxEntry op={op} onNavigate={onNavigate} />
  if (isAccountOp(op)) return <AccountEntry op={op} />
  if (op.kind === 'upload-file' && op.target === 'article-cover') return <OutboxEntryFrame op={op} name={t`Article cover`} reason={opRefusalText(i18n, op)} />
  if (op.kind === 'upload-file') {
    return <OutboxEntryFrame op={op} name={t`Photo of ${pkg?.tracking_code ?? t`no tracking`}`} aside={pkg?.locker_code} reason={opRefusalText(i18n, op)} />
  }
  return <OutboxEntryFrame op={op} name={t`A change of your account`} reason={opRefusalText(i18n, op)} />
}

function PackageEntry({ op, pkg }: { op: PackageOp; pkg: LocalPackage | undefined }) {
  const { t, i18n } = useLingui()
  const write = useDeviceWrite()
  const name = pkg?.tracking_code ?? t`no tracking`
  return (
    <OutboxEntryFrame
      op={op}
      name={name}
      heading={<span className="font-mono text-sm font-semibold">{name}</span>}
      aside={pkg?.locker_code ?? (op.kind === 'register-package' ? op.package.locker_code : '')}
      detail={
        op.kind === 'register-package' ? (
          <Trans>New package</Trans>
        ) : (
          <>
            <Trans>Status to</Trans> <StatusBadge status={op.status} />
          </>
        )
      }
      reason={opRefusalText(i18n, op)}
      conflict={
        op.kind === 'set-status' && (
          <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            <p className="flex flex-wrap items-center gap-2">
              <Trans>Someone changed this package first. Yours:</Trans> <StatusBadge status={op.status} /> <Trans>Now:</Trans> <StatusBadge status={op.current?.status ?? ''} />
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void write(() => reapply(op))}>
                <Trans>Apply mine again</Trans>
              </Button>
              <Button variant="secondary" onClick={() => void write(() => discard(op))}>
                <Trans>Keep theirs</Trans>
              </Button>
            </div>
          </div>
        )
      }
    />
  )
}

/** A shipment step (or a customer's change seen from an admin's device): a conflict is resolved on the shipment's own page. */
function ShipmentEntry({ op, onNavigate }: { op: ShipmentOp; onNavigate: () => void }) {
  const { t, i18n } = useLingui()
  return (
    <OutboxEntryFrame
      op={op}
      name={t`Shipment`}
      heading={
        <Link to={shipmentPaths.desk(op.shipmentId)} onClick={onNavigate} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          <Trans>Shipment</Trans>
        </Link>
      }
      detail={
        op.kind === 'advance-shipment' ? (
          <>
            <Trans>Step to</Trans> <ShipmentStatusBadge status={op.status} />
          </>
        ) : (
          <Trans>Customer change</Trans>
        )
      }
      reason={opRefusalText(i18n, op)}
      conflict={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Not applied: open the shipment to decide.</Trans>
        </p>
      }
    />
  )
}

/** A posting on a customer's account: what it is and how much, for whom. */
function AccountEntry({ op }: { op: AccountOp }) {
  const { i18n } = useLingui()
  const kind = { 'record-payment': 'payment', 'grant-credit': 'credit', 'post-adjustment': 'adjustment', 'refund-payment': 'refund' } as const
  const name = `${i18n._(entryKindLabels[kind[op.kind]])} ${formatUsd(op.amountCents)}`
  const customer = useCustomer(op.customerId)
  return <OutboxEntryFrame op={op} name={name} aside={customer?.full_name ?? customer?.email ?? undefined} reason={opRefusalText(i18n, op)} />
}
