import type { ComponentProps } from 'react'

/** The small-screen menu toggle: three lines, or a cross while the menu is open. Takes a `ref`, so closing with Escape can give it the focus back. */
export function MenuButton({ open, className = '', ...button }: { open: boolean } & ComponentProps<'button'>) {
  return (
    <button type="button" aria-expanded={open} className={`rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`} {...button}>
      <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
      </svg>
    </button>
  )
}
