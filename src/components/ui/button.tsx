import { useLayoutEffect, useRef, type ButtonHTMLAttributes } from 'react'
import { buttonClasses, type ButtonVariant } from './button-classes'
import { Spinner } from './spinner'

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
