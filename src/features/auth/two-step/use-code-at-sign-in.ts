import { useEffect } from 'react'
import { needsCode } from '@/remote/two-step'
import { useStepUpStore } from '@/stores/step-up-store'
import { connectAuth } from '../auth-session'

/**
 * Right after a sign-in on the form, staff with a factor confirm with its code before working
 * (aal1 → aal2). Only then: a session restored on a later visit, offline perhaps, is never held up,
 * and closing the dialog leaves desk work as it was (a sensitive action asks again).
 */
export function useCodeAtSignIn() {
  const signedInOnForm = useStepUpStore((state) => state.signedInOnForm)
  useEffect(() => {
    if (!signedInOnForm) return
    useStepUpStore.setState({ signedInOnForm: false })
    void (async () => {
      if (await needsCode(await connectAuth()).catch(() => false)) await useStepUpStore.getState().ask()
    })()
  }, [signedInOnForm])
}
