import { Plural, Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { OutboxBadge } from '@/components/outbox/outbox-badge'
import { OutboxDialog } from '@/components/outbox/outbox-dialog'
import { Button } from '@/components/ui/button'
import { useOutboxCounts } from '@/outbox/queries'
import { CustomerOutboxEntry } from './outbox-entry'

/**
 * The customer's changes not yet on the server, shown only while there are some: a badge with
 * their count and, when the server turned any down, a notice saying so. Both open the list, where
 * each says why (in the customer's language) and can be sent again or discarded.
 */
export function UnsentChanges({ userId }: { userId: string }) {
  const counts = useOutboxCounts(userId)
  const [open, setOpen] = useState(false)
  const unresolved = counts?.unresolved ?? 0
  const any = unresolved + (counts?.pending ?? 0) > 0
  return (
    <>
      {any && (
        <div className="flex flex-wrap items-center gap-3">
          <OutboxBadge counts={counts} onClick={() => setOpen(true)} />
          {unresolved > 0 && (
            <div role="alert" className="flex flex-1 flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              <p>
                <Plural value={unresolved} one="# change did not reach the server: it was not accepted." other="# changes did not reach the server: they were not accepted." />
              </p>
              <Button variant="secondary" onClick={() => setOpen(true)}>
                <Trans>See why</Trans>
              </Button>
            </div>
          )}
        </div>
      )}
      <OutboxDialog userId={userId} open={open} onClose={() => setOpen(false)} Entry={CustomerOutboxEntry} />
    </>
  )
}
