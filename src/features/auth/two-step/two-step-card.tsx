import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { Supabase } from '@/remote/client'
import { listFactors, needsCode, removeFactor, type Factor } from '@/remote/two-step'
import { useOnline } from '@/stores/connectivity-store'
import { useStepUpStore } from '@/stores/step-up-store'
import { showToast } from '@/stores/toast-store'
import { connectAuth } from '../auth-session'
import { codeErrorText } from './code-refusal'
import { StepUpDialog } from './step-up-dialog'
import { TwoStepForm } from './two-step-form'

type Factors = { kind: 'loading' } | { kind: 'loaded'; verified: Factor[] } | { kind: 'failed'; message: string }

/**
 * Staff's two-step verification in their account: whether it is set up, setting it up (the same
 * form as the step-up's, new factor only) and removing it, which Auth allows only at aal2: a session
 * at aal1 confirms with the code first, through the step-up dialog. Online only.
 */
export function TwoStepCard({ connect = connectAuth }: { connect?: () => Promise<Supabase> }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [factors, setFactors] = useState<Factors>({ kind: 'loading' })
  const [enrolling, setEnrolling] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)

  /** Bumped to read the factors again (after a change, or to try again). */
  const [reads, setReads] = useState(0)
  const reload = () => setReads((count) => count + 1)

  useEffect(() => {
    if (!online) return
    let cancelled = false
    void (async () => {
      try {
        const all = await listFactors(await connect())
        if (!cancelled) setFactors({ kind: 'loaded', verified: all.filter((factor) => factor.verified) })
      } catch (failure) {
        if (!cancelled) setFactors({ kind: 'failed', message: codeErrorText(i18n, failure) })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [online, connect, i18n, reads])

  async function remove(factor: Factor) {
    setRemoving(factor.id)
    try {
      const client = await connect()
      if ((await needsCode(client)) && !(await useStepUpStore.getState().ask())) return
      await removeFactor(client, factor.id)
      showToast({ title: t`Two-step verification removed`, variant: 'success' })
      reload()
    } catch (failure) {
      showToast({ title: t`Could not remove the two-step verification.`, description: codeErrorText(i18n, failure), variant: 'destructive' })
    } finally {
      setRemoving(null)
    }
  }

  function enrolled() {
    setEnrolling(false)
    showToast({ title: t`Two-step verification is set up`, variant: 'success' })
    reload()
  }

  return (
    <section aria-labelledby="two-step-heading" aria-busy={factors.kind === 'loading' && online} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="two-step-heading" className="text-lg font-bold">
        <Trans>Two-step verification</Trans>
      </h2>
      {!online ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>You are offline: seeing, setting up or removing two-step verification needs a connection.</Trans>
        </p>
      ) : factors.kind === 'loading' ? (
        <p role="status" className="text-sm">
          <Trans>Loading…</Trans>
        </p>
      ) : factors.kind === 'failed' ? (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {factors.message}
          </p>
          <Button variant="secondary" onClick={() => {
              setFactors({ kind: 'loading' })
              reload()
            }}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : enrolling ? (
        <TwoStepForm enrolOnly connect={connect} onDone={enrolled} onCancel={() => setEnrolling(false)} />
      ) : factors.verified.length === 0 ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>Not set up. Changes to money, rates and roles ask for a code from an authenticator app on your phone.</Trans>
          </p>
          <Button onClick={() => setEnrolling(true)}>
            <Trans>Set up two-step verification</Trans>
          </Button>
        </div>
      ) : (
        <ul className="space-y-2">
          {factors.verified.map((factor) => {
            const app = factor.friendlyName || t`Authenticator app`
            return (
              <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <Trans>Set up with: {app}</Trans>
                </p>
                <Button variant="danger" busy={removing === factor.id} disabled={removing !== null} onClick={() => void remove(factor)}>
                  <Trans>Remove</Trans> <span className="sr-only">{app}</span>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <StepUpDialog connect={connect} />
    </section>
  )
}
