import type { ReactNode } from 'react'

interface BadgeButtonProps {
  /** What a screen reader says, and the tooltip: the counts in words. */
  label: string
  icon: ReactNode
  onClick: () => void
  testId?: string
  /** The counts shown beside the icon. */
  children?: ReactNode
}

/** A small header button with an icon and counts beside it (unsent changes, unread notifications). */
export function BadgeButton({ label, icon, onClick, testId, children }: BadgeButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
      className="relative inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        {icon}
      </svg>
      {children}
    </button>
  )
}

/** A red count beside a BadgeButton's icon, for what wants attention. */
export function AlertCount({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <span data-testid={testId} className="rounded-full bg-red-600 px-1.5 text-xs text-white">
      {children}
    </span>
  )
}
