import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { QueuedOp } from '@/local-db/db'
import { discard, retry } from '@/outbox/resolve'
import { Button } from '../ui/button'
import { useDeviceWrite } from '../use-device-write'

interface OutboxEntryFrameProps {
  op: QueuedOp
  /** What the change is, in words; it names the entry's buttons for screen readers too. */
  name: string
  /** What heads the entry instead of the plain name: a link to the change's screen, a code in type. */
  heading?: ReactNode
  /** Beside the heading: where the change belongs (a locker code). */
  aside?: ReactNode
  /** What the change does. */
  detail?: ReactNode
  /** Why the server refused it, in the reader's language (see components/refusals). */
  reason: string
  /** The way on when the row changed on the server first (state 'conflict'). */
  conflict?: ReactNode
}

/**
 * One change not yet on the server, however the screen names it: when it was made, and how it is
 * doing. Waiting, it says whether the server was tried; refused, it says why and may be sent again
 * or dropped. A change may also be dropped while it waits (offline, or while the server is down):
 * the screen then shows what the server has.
 */
export function OutboxEntryFrame({ op, name, heading, aside, detail, reason, conflict }: OutboxEntryFrameProps) {
  const { t } = useLingui()
  const lang = useLang()
  const write = useDeviceWrite()
  const discardButton = (
    <Button variant={op.state === 'failed' ? 'danger' : 'ghost'} onClick={() => void write(() => discard(op))} aria-label={t`Discard: ${name}`}>
      <Trans>Discard</Trans>
    </Button>
  )
  return (
    <li data-testid="outbox-entry" data-state={op.state} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        {heading ?? <span className="text-sm font-semibold">{name}</span>}
        {aside && <span className="text-xs text-slate-500 dark:text-slate-400">{aside}</span>}
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{formatDateTime(op.createdAt, lang)}</span>
      </div>
      {detail && <p className="flex flex-wrap items-center gap-2 text-sm">{detail}</p>}
      {op.state === 'pending' && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {op.attempts > 0 ? <Trans>Waiting for the server (attempt {op.attempts}).</Trans> : <Trans>Waiting to be sent.</Trans>}
          </p>
          {discardButton}
        </div>
      )}
      {op.state === 'conflict' && conflict}
      {op.state === 'failed' && (
        <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <p>
            <Trans>The server refused this change: {reason}</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void write(() => retry(op))} aria-label={t`Try again: ${name}`}>
              <Trans>Try again</Trans>
            </Button>
            {discardButton}
          </div>
        </div>
      )}
    </li>
  )
}
