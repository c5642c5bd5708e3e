import { Trans, useLingui } from '@lingui/react/macro'
import type { ComponentType } from 'react'
import { useOutbox, type OutboxEntry } from '@/outbox/queries'
import { sendNow } from '@/outbox/resolve'
import { useOnline } from '@/stores/connectivity-store'
import { Button } from '../ui/button'
import { Dialog } from '../ui/dialog'
import { useDeviceWrite } from '../use-device-write'

/** How one kind of user's screen shows a queued change (the admin's and the customer's know different changes). */
export type OutboxEntryView = ComponentType<{ entry: OutboxEntry; onNavigate: () => void }>

interface OutboxDialogProps {
  userId: string
  open: boolean
  onClose: () => void
  Entry: OutboxEntryView
}

/** The changes on this device that the server does not have yet: how each is doing, and the way on for each. */
export function OutboxDialog({ userId, open, onClose, Entry }: OutboxDialogProps) {
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
      {open && <OutboxEntries userId={userId} onClose={onClose} Entry={Entry} />}
    </Dialog>
  )
}

/** Read only while the dialog is open: the outbox may hold a thousand changes. */
function OutboxEntries({ userId, onClose, Entry }: Omit<OutboxDialogProps, 'open'>) {
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
          {entries.map((entry) => (
            <Entry key={entry.op.seq} entry={entry} onNavigate={onClose} />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {entries?.some(({ op }) => op.state === 'pending') && (
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
