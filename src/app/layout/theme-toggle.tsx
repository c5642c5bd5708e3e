import { useLingui } from '@lingui/react/macro'
import { useThemeStore } from '@/stores/theme-store'
import { useHydrated } from './use-hydrated'

export function ThemeToggle() {
  const { t } = useLingui()
  const theme = useThemeStore((state) => state.theme)
  const toggle = useThemeStore((state) => state.toggle)
  // The icon follows the `dark` class index.html sets before paint; the pressed state is the
  // prerendered light one until hydration is done.
  const dark = useHydrated() && theme === 'dark'
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label={t`Dark mode`}
      title={dark ? t`Switch to light mode` : t`Switch to dark mode`}
      className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path className="hidden dark:inline" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        <g className="dark:hidden">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
    </button>
  )
}
