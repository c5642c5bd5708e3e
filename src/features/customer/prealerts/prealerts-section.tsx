import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import type { LocalPrealert } from '@/local-db/prealert-overlay'
import { usePrealerts } from '@/local-db/queries'
import { queuePrealertCancel } from '@/outbox/queue-prealerts'
import { PrealertDialog } from './prealert-dialog'
import { PrealertItem } from './prealert-item'

/** The customer's prealerts: announce what is on its way, follow each until it reaches the warehouse. */
export function PrealertsSection({ userId }: { userId: string }) {
  const { t } = useLingui()
  const prealerts = usePrealerts(userId)
  // undefined: no dialog; null: announcing a new one.
  const [editing, setEditing] = useState<LocalPrealert | null | undefined>()
  const [cancelling, setCancelling] = useState<LocalPrealert | null>(null)
  const write = useDeviceWrite()
  const openTrackingCodes = new Set(prealerts?.filter((prealert) => prealert.state === 'announced').map((prealert) => prealert.tracking_code))

  return (
    <section aria-labelledby="prealerts-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="prealerts-heading" className="text-xl font-bold">
          <Trans>Prealerts</Trans>
        </h2>
        <Button onClick={() => setEditing(null)}>
          <Trans>Announce a package</Trans>
        </Button>
      </div>
      {prealerts === undefined ? (
        <Spinner label={t`Loading your prealerts…`} />
      ) : prealerts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>Bought something? Announce it with its tracking number and we will recognise it the moment it arrives.</Trans>
        </p>
      ) : (
        <ul className="space-y-3">
          {prealerts.map((prealert) => (
            <PrealertItem key={prealert.id} prealert={prealert} onEdit={setEditing} onCancel={setCancelling} />
          ))}
        </ul>
      )}
      {editing !== undefined && <PrealertDialog userId={userId} editing={editing} openTrackingCodes={openTrackingCodes} onClose={() => setEditing(undefined)} />}
      <Dialog open={cancelling !== null} title={t`Cancel this prealert?`} onClose={() => setCancelling(null)}>
        <p className="text-sm">
          <Trans>
            {cancelling?.store} · {cancelling?.tracking_code}: the warehouse will no longer expect it for you.
          </Trans>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setCancelling(null)}>
            <Trans>Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (cancelling) void write(() => queuePrealertCancel(userId, cancelling.id))
              setCancelling(null)
            }}
          >
            <Trans>Cancel prealert</Trans>
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
