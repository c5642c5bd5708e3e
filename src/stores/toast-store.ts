import { create } from 'zustand'

export const toastDurationMs = 5000

export type ToastVariant = 'info' | 'success' | 'destructive'

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
  action?: { label: string; onClick: () => void }
  /** Stays until acted on or closed (e.g. the update offer); others leave after 5 s. */
  persistent?: boolean
}

export interface Toast extends ToastInput {
  id: number
}

interface ToastState {
  current: Toast | null
  queue: Toast[]
  show: (toast: ToastInput) => void
  dismiss: () => void
}

let nextId = 1
let timer: ReturnType<typeof setTimeout> | undefined

/** SPEC §4: one toast visible at a time; each auto-dismisses after 5000 ms, then the next shows. */
export const useToastStore = create<ToastState>()((set, get) => {
  function present(toast: Toast | null) {
    clearTimeout(timer)
    set({ current: toast })
    if (toast && !toast.persistent) timer = setTimeout(() => get().dismiss(), toastDurationMs)
  }

  return {
    current: null,
    queue: [],
    show(input) {
      const toast = { ...input, id: nextId++ }
      if (get().current) set({ queue: [...get().queue, toast] })
      else present(toast)
    },
    dismiss() {
      const [next = null, ...rest] = get().queue
      set({ queue: rest })
      present(next)
    },
  }
})

export const showToast = (toast: ToastInput) => useToastStore.getState().show(toast)
