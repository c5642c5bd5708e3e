import { useLayoutEffect, useRef, type ButtonHTMLAttributes } from 'react'
import { Spinner } from './spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-700',
}

/** Button looks, shared with links that act as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: 'md' | 'lg' = 'md'): string {
  const sizing = size === 'lg' ? 'px-6 py-3 text-base' : 'px-4 py-2 text-sm'
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 ${sizing} ${variants[variant]}`
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: 'md' | 'lg'
  /** Shows a spinner, disables the button and tells assistive tech it is busy. */
  busy?: boolean
}

/**
 * A disabled button drops the focus to <body>, leaving the keyboard or screen reader user who
 * pressed it nowhere: when busy ends, a button that had the focus takes it back, unless the focus
 * has gone somewhere else meanwhile (a field with an error, a dialog, the user's own Tab).
 */
function useFocusKeptWhileBusy(busy: boolean) {
  const button = useRef<HTMLButtonElement>(null)
  const hadFocus = useRef(false)
  // A layout effect: right after the commit that disables it the button still has the focus; the browser drops it at its next rendering.
  useLayoutEffect(() => {
    if (busy) {
      hadFocus.current = document.activeElement === button.current
      return
    }
    const lost = document.activeElement === null || document.activeElement === document.body
    if (hadFocus.current && lost) button.current?.focus()
    hadFocus.current = false
  }, [busy])
  return button
}

export function Button({ variant, size, busy = false, disabled, className = '', children, type = 'button', ...props }: ButtonProps) {
  const button = useFocusKeptWhileBusy(busy)
  return (
    <button
      ref={button}
      type={type}
      className={`${buttonClasses(variant, size)} ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  )
}
