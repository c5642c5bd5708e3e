import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { showToast } from '@/stores/toast-store'

export type ResetTwoStep = (userId: string) => Promise<number>

/** A manager removes a staff member's two-step verification (a lost phone): they set it up again. */
export function ResetTwoStepButton({ userId, resetTwoStep, disabled }: { userId: string; resetTwoStep: ResetTwoStep; disabled: boolean }) {
  const { t, i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  async function reset() {
    setBusy(true)
    try {
      const removed = await resetTwoStep(userId)
      showToast({
        title: removed > 0 ? t`Two-step verification reset` : t`This user had no two-step verification set up.`,
        description: removed > 0 ? t`They sign in with their password and set it up again.` : undefined,
        variant: 'success',
      })
    } catch (error) {
      showToast({ title: t`Could not reset the two-step verification.`, description: errorText(i18n, error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" busy={busy} disabled={disabled} onClick={() => void reset()}>
      <Trans>Reset two-step verification</Trans>
    </Button>
  )
}
