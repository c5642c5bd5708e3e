import { useLingui } from '@lingui/react/macro'
import { Dialog } from '@/components/ui/dialog'
import type { Supabase } from '@/remote/client'
import { useStepUpStore } from '@/stores/step-up-store'
import { TwoStepForm } from './two-step-form'

/**
 * The step-up: a sensitive action was refused with aal2_required. With a factor, the user confirms
 * with its code; without one, they set it up here and confirm, in this one dialog. Then whatever
 * waited goes on (stores/step-up-store.ts).
 */
export function StepUpDialog({ connect }: { connect?: () => Promise<Supabase> }) {
  const { t } = useLingui()
  const asking = useStepUpStore((state) => state.asking)
  const answer = useStepUpStore((state) => state.answer)
  return (
    <Dialog
      open={asking}
      title={t`Confirm with your code`}
      description={t`Changes to money, rates and roles need the code of your authenticator app once per session.`}
      onClose={() => answer(false)}
    >
      <TwoStepForm connect={connect} onDone={() => answer(true)} onCancel={() => answer(false)} />
    </Dialog>
  )
}
