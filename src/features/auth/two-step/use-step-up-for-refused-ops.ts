import { useEffect, useRef } from 'react'
import { useOutbox } from '@/outbox/queries'
import { retry } from '@/outbox/resolve'
import { isAal2Required, useStepUpStore } from '@/stores/step-up-store'

/**
 * A queued sensitive change (a credit, an adjustment, a refund) refused with aal2_required stays in
 * the outbox; the user is asked for their code once for it, and it is sent again after. Closed
 * without a code, it waits in the outbox with its refusal, to be sent again or discarded there.
 */
export function useStepUpForRefusedOps(userId: string) {
  const entries = useOutbox(userId)
  const asked = useRef(new Set<number>())
  useEffect(() => {
    const refused = (entries ?? []).map(({ op }) => op).filter((op) => op.state === 'failed' && isAal2Required(op.lastErrorKey) && !asked.current.has(op.seq!))
    if (refused.length === 0) return
    for (const op of refused) asked.current.add(op.seq!)
    void (async () => {
      if (!(await useStepUpStore.getState().ask())) return
      for (const op of refused) await retry(op)
    })()
  }, [entries])
}
