import { create } from 'zustand'

// One step-up at a time: whoever was refused with aal2_required waits here until the user has
// confirmed with a code (true) or closed the dialog (false). Asks made meanwhile share the answer.

interface StepUpState {
  asking: boolean
  /** A sign-in was just made on a form: the admin area asks for the code once, if a factor is set up. */
  signedInOnForm: boolean
  waiting: ((confirmed: boolean) => void)[]
  ask: () => Promise<boolean>
  answer: (confirmed: boolean) => void
}

export const useStepUpStore = create<StepUpState>()((set, get) => ({
  asking: false,
  signedInOnForm: false,
  waiting: [],
  ask: () =>
    new Promise<boolean>((resolve) => {
      set({ asking: true, waiting: [...get().waiting, resolve] })
    }),
  answer: (confirmed) => {
    const { waiting } = get()
    set({ asking: false, waiting: [] })
    for (const resolve of waiting) resolve(confirmed)
  },
}))

/** The refusal of a sensitive action by a session that has not confirmed with a code. */
export const isAal2Required = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { hint?: unknown }).hint === 'aal2_required'

/**
 * Runs a manager's sensitive action; refused for want of a code, it asks for one (the step-up
 * dialog) and runs it again. Closed without a code, the refusal stands.
 */
export async function withStepUp<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    if (!isAal2Required(error) || !(await useStepUpStore.getState().ask())) throw error
    return action()
  }
}
