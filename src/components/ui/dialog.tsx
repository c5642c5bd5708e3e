import { useEffect, useId, useRef, type ReactNode } from 'react'

interface DialogProps {
  open: boolean
  title: string
  description?: ReactNode
  /** Escape, the backdrop or a Cancel button: the caller decides what closing discards. */
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape, makes
 * the page behind inert and restores focus afterwards; it is announced with its title.
 */
export function Dialog({ open, title, description, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="max-h-[85vh] space-y-4 overflow-y-auto p-6">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="text-sm text-slate-600 dark:text-slate-300">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  )
}
