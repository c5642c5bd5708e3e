import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { isManager } from '@/business-rules/roles'
import { BalanceFigure, StatementView } from '@/components/statement/statement-view'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useBalances, useStatement, type StatementLine } from '@/local-db/account'
import { useOnline } from '@/stores/connectivity-store'
import { useSessionStore } from '@/stores/session-store'
import { pullAccountOf } from '@/sync-engine/account-of'
import { PostingDialog, type Posting } from './posting-dialog'

/**
 * A customer's account at the desk: their statement, pulled when opened online (and again whenever
 * their balance moves, which the admin hears live) and kept to read offline; a payment, credit,
 * adjustment or refund posted from here shows pending until the server confirms it. A clerk records
 * payments; credits, adjustments and refunds are the manager's.
 */
export function CustomerAccount({ adminId, customerId, name }: { adminId: string; customerId: string; name: string }) {
  const { t } = useLingui()
  const online = useOnline()
  const statement = useStatement(customerId)
  const balance = useBalances([customerId])?.get(customerId) ?? 0
  const [posting, setPosting] = useState<Posting | null>(null)
  const manager = useSessionStore((state) => isManager(state.role))

  useEffect(() => {
    if (!online) return
    const controller = new AbortController()
    // Not now: the lines kept on this device still show.
    pullAccountOf(customerId, controller.signal).catch(() => undefined)
    return () => controller.abort()
  }, [customerId, online, balance])

  const refundButton = (line: StatementLine) =>
    manager && line.kind === 'payment' && !line.pending ? (
      <Button variant="secondary" onClick={() => setPosting({ kind: 'refund-payment', payment: line })}>
        <Trans>Refund</Trans>
      </Button>
    ) : null

  return (
    <section aria-labelledby="customer-account-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="customer-account-heading" className="text-lg font-bold">
        <Trans>Account of {name}</Trans>
      </h2>
      {statement === undefined ? (
        <Spinner label={t`Loading the account…`} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <BalanceFigure cents={statement.balanceCents} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setPosting({ kind: 'record-payment' })}>
                <Trans>Record payment</Trans>
              </Button>
              {manager && (
                <>
                  <Button variant="secondary" onClick={() => setPosting({ kind: 'grant-credit' })}>
                    <Trans>Grant credit</Trans>
                  </Button>
                  <Button variant="secondary" onClick={() => setPosting({ kind: 'post-adjustment' })}>
                    <Trans>Post adjustment</Trans>
                  </Button>
                </>
              )}
            </div>
          </div>
          <StatementView statement={statement} csvName={t`statement`} linkOf={refundButton} />
        </>
      )}
      {posting && <PostingDialog adminId={adminId} customerId={customerId} posting={posting} onClose={() => setPosting(null)} />}
    </section>
  )
}
