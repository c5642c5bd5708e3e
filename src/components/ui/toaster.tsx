import { useLingui } from '@lingui/react/macro'
import { useToastStore, type ToastVariant } from '@/stores/toast-store'

const looks: Record<ToastVariant, string> = {
  info: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50',
  destructive: 'border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50',
}

/** The single visible toast (SPEC §4). Destructive ones interrupt screen readers; others wait their turn. */
export function Toaster() {
  const { t } = useLingui()
  const toast = useToastStore((state) => state.current)
  const dismiss = useToastStore((state) => state.dismiss)
  if (!toast) return null
  const variant = toast.variant ?? 'info'
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        key={toast.id}
        role={variant === 'destructive' ? 'alert' : 'status'}
        data-testid="toast"
        className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg ${looks[variant]}`}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
        </div>
        {toast.action && (
          <button
            type="button"
            className="rounded-md bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700"
            onClick={() => {
              toast.action?.onClick()
              dismiss()
            }}
          >
            {toast.action.label}
          </button>
        )}
        <button type="button" onClick={dismiss} className="rounded-md px-2 text-lg leading-none opacity-70 hover:opacity-100" aria-label={t`Close notification`}>
          ×
        </button>
      </div>
    </div>
  )
}
