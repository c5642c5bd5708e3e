import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { QueuedUploadLine } from '@/components/files/queued-upload-line'
import { Link } from '@/components/links'
import { StatusBadge } from '@/components/package-status'
import { ShipmentStatusBadge } from '@/components/shipment-status'
import { AlertCount, BadgeButton } from '@/components/ui/badge-button'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import { isShipmentOp, isUploadOp, type PackageOp, type ShipmentOp, type UploadOp } from '@/local-db/db'
import type { LocalPackage } from '@/local-db/queries'
import { useOutbox, useOutboxCounts } from '@/outbox/queries'
import { discard, reapply, retry, sendNow } from '@/outbox/resolve'
import { useOnline } from '@/stores/connectivity-store'
import { packageRefusal } from './package-refusals'

/** The badge in the admin header: changes not yet on the server, and those that need a decision. */
export function OutboxButton({ userId }: { userId: string }) {
  const { t } = useLingui()
  const counts = useOutboxCounts(userId)
  const [open, setOpen] = useState(false)
  const pending = counts?.pending ?? 0
  const unresolved = counts?.unresolved ?? 0
  const label = unresolved > 0 ? t`Unsent changes: ${pending} pending, ${unresolved} need your decision` : t`Unsent changes: ${pending} pending`
  return (
    <>
      <BadgeButton label={label} onClick={() => setOpen(true)} testId="outbox-button" icon={<path d="M4 13h4l2 3h4l2-3h4M4 13l2-8h12l2 8v6H4z" />}>
        <span data-testid="outbox-pending">{pending}</span>
        {unresolved > 0 && <AlertCount testId="outbox-unresolved">{unresolved}</AlertCount>}
      </BadgeButton>
      <OutboxDialog userId={userId} open={open} onClose={() => setOpen(false)} />
    </>
  )
}

function OutboxDialog({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const online = useOnline()
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Unsent changes`}
      description={
        online ? <Trans>Changes are sent in the order they were made, as soon as the server answers.</Trans> : <Trans>You are offline. Changes are kept on this device and sent when the connection returns.</Trans>
      }
    >
      {open && <OutboxEntries userId={userId} onClose={onClose} />}
    </Dialog>
  )
}

/** Read only while the dialog is open: the outbox may hold a thousand changes. */
function OutboxEntries({ userId, onClose }: { userId: string; onClose: () => void }) {
  const entries = useOutbox(userId)
  const write = useDeviceWrite()
  return (
    <>
      {!entries || entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>Everything is on the server.</Trans>
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 dark:divide-slate-700">
          {entries.map((entry) =>
            isShipmentOp(entry.op) ? (
              <ShipmentOutboxEntry key={entry.op.seq} op={entry.op} onOpen={onClose} />
            ) : isUploadOp(entry.op) ? (
              <UploadOutboxEntry key={entry.op.seq} op={entry.op} pkg={entry.pkg} />
            ) : (
              <OutboxEntry key={entry.op.seq} op={entry.op} pkg={entry.pkg} />
            ),
          )}
        </ol>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {entries && entries.some(({ op }) => op.state === 'pending') && (
          <Button variant="secondary" onClick={() => void write(() => sendNow(userId))}>
            <Trans>Send now</Trans>
          </Button>
        )}
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </>
  )
}

function OutboxEntry({ op, pkg }: { op: PackageOp; pkg: LocalPackage | undefined }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const name = pkg?.tracking_code ?? t`no tracking`
  const where = pkg?.locker_code ?? (op.kind === 'register-package' ? op.package.locker_code : '')
  const reason = packageRefusal(i18n, op.lastError ?? '')
  const write = useDeviceWrite()
  return (
    <li data-testid="outbox-entry" data-state={op.state} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold">{name}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{where}</span>
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{formatDateTime(op.createdAt, lang)}</span>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {op.kind === 'register-package' ? (
          <Trans>New package</Trans>
        ) : (
          <>
            <Trans>Status to</Trans> <StatusBadge status={op.status} />
          </>
        )}
      </p>
      {op.state === 'pending' && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {op.attempts > 0 ? <Trans>Waiting for the server (attempt {op.attempts}).</Trans> : <Trans>Waiting to be sent.</Trans>}
        </p>
      )}
      {op.kind === 'set-status' && op.state === 'conflict' && (
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
      )}
      {op.state === 'failed' && (
        <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <p>
            <Trans>The server refused this change: {reason}</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void write(() => retry(op))}>
              <Trans>Try again</Trans>
            </Button>
            <Button variant="danger" onClick={() => void write(() => discard(op))}>
              <Trans>Discard</Trans>
            </Button>
          </div>
        </div>
      )}
    </li>
  )
}

/** A shipment step: what it does and how it is doing; it is resolved on the shipment's own page. */
function ShipmentOutboxEntry({ op, onOpen }: { op: ShipmentOp; onOpen: () => void }) {
  const lang = useLang()
  return (
    <li data-testid="outbox-entry" data-state={op.state} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={shipmentPaths.desk(op.shipmentId)} onClick={onOpen} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          <Trans>Shipment</Trans>
        </Link>
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{formatDateTime(op.createdAt, lang)}</span>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {op.kind === 'advance-shipment' ? (
          <>
            <Trans>Step to</Trans> <ShipmentStatusBadge status={op.status} />
          </>
        ) : (
          <Trans>Customer change</Trans>
        )}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {op.state === 'pending' ? <Trans>Waiting to be sent.</Trans> : <Trans>Not applied: open the shipment to decide.</Trans>}
      </p>
    </li>
  )
}

/** A photo waiting to upload: which package it is of, and how it is doing (refusals resolved here). */
function UploadOutboxEntry({ op, pkg }: { op: UploadOp; pkg: LocalPackage | undefined }) {
  const { t } = useLingui()
  const lang = useLang()
  return (
    <li data-testid="outbox-entry" data-state={op.state} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold">
          <Trans>Photo of {pkg?.tracking_code ?? t`no tracking`}</Trans>
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{pkg?.locker_code}</span>
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{formatDateTime(op.createdAt, lang)}</span>
      </div>
      <QueuedUploadLine op={op} />
    </li>
  )
}
