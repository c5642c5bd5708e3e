import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { ButtonVariant } from '@/components/ui/button-classes'
import { Dialog } from '@/components/ui/dialog'
import { useDeviceWrite } from '@/components/use-device-write'
import { countUnsent, useOutboxCounts } from '@/outbox/queries'
import { sendNow } from '@/outbox/resolve'
import { useOnline } from '@/stores/connectivity-store'
import { useSessionUser } from '@/stores/session-store'
import { showToast } from '@/stores/toast-store'
import { signOut } from './auth-session'

interface SignOutButtonProps {
  /** Where to go afterwards (default: home when leaving a protected page, SPEC §4). */
  to?: string
  /** Say so in a notice (SPEC §2: the admin area's logout). */
  notice?: boolean
  variant?: ButtonVariant
  className?: string
}

/**
 * Log out. Signing out wipes this device's data, unsent changes included, so with changes still
 * queued it warns first and offers to wait until they have been sent (DESIGN §6).
 */
export function SignOutButton({ to, notice = false, variant = 'ghost', className }: SignOutButtonProps) {
  const { t } = useLingui()
  const user = useSessionUser()
  const [warning, setWarning] = useState(false)
  const [leaving, setLeaving] = useState(false)

  async function leave() {
    setWarning(false)
    setLeaving(true)
    try {
      await signOut({ to })
      if (notice) showToast({ title: t`Signed out`, description: t`You have been signed out.` })
    } catch (error) {
      console.error('Signing out failed', error)
      showToast({ variant: 'destructive', title: t`Could not log out`, description: t`This device’s data could not be removed. Try again; if it keeps failing, reload the page.` })
    } finally {
      setLeaving(false)
    }
  }

  async function onClick() {
    if (!user) return
    const { pending, unresolved } = await countUnsent(user.id)
    if (pending + unresolved > 0) setWarning(true)
    else await leave()
  }

  return (
    <>
      <Button variant={variant} busy={leaving} className={className} onClick={() => void onClick()}>
        <Trans>Log out</Trans>
      </Button>
      {warning && user && <UnsentChangesDialog userId={user.id} onLeave={() => void leave()} onCancel={() => setWarning(false)} />}
    </>
  )
}

function UnsentChangesDialog({ userId, onLeave, onCancel }: { userId: string; onLeave: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  const counts = useOutboxCounts(userId)
  const online = useOnline()
  const [waiting, setWaiting] = useState(false)
  const write = useDeviceWrite()
  const pending = counts?.pending ?? 0
  const unresolved = counts?.unresolved ?? 0

  // Waiting ends by itself once everything reached the server.
  useEffect(() => {
    if (waiting && counts && pending === 0 && unresolved === 0) onLeave()
  }, [waiting, counts, pending, unresolved, onLeave])

  return (
    <Dialog open title={t`You have unsent changes`} onClose={onCancel} description={<Trans>Logging out removes this device’s copy, and changes that have not reached the server are lost.</Trans>}>
      <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="unsent-summary">
        {pending > 0 && (
          <li>
            <Trans>{pending} waiting to be sent</Trans>
          </li>
        )}
        {unresolved > 0 && (
          <li>
            <Trans>{unresolved} need your decision (conflicts or refusals); open the unsent changes to resolve them</Trans>
          </li>
        )}
      </ul>
      {waiting && pending > 0 && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {online ? <Trans>Sending…</Trans> : <Trans>Waiting for the connection…</Trans>}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        {pending > 0 && (
          <Button
            disabled={waiting}
            onClick={() => {
              setWaiting(true)
              void write(() => sendNow(userId)).then((saved) => saved || setWaiting(false))
            }}
          >
            <Trans>Send them, then log out</Trans>
          </Button>
        )}
        <Button variant="danger" onClick={onLeave}>
          <Trans>Log out anyway</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
