import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, type ReactNode } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { useToastStore } from '@/stores/toast-store'

// Loaded with the first toast: a first visit rarely shows one, and its code counts against the budget.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }))

/** What every page under `/:lang` has around it: the skip link, a header, the page, what follows it, toasts. */
export function PageFrame({ header, footer, mainClassName = '' }: { header: ReactNode; footer: ReactNode; mainClassName?: string }) {
  const navigating = useNavigation().state !== 'idle'
  const toasting = useToastStore((state) => state.current !== null)
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700">
        <Trans>Skip to content</Trans>
      </a>
      {navigating && <div className="fixed inset-x-0 top-0 z-50 h-1 motion-safe:animate-pulse bg-accent-500" role="progressbar" aria-hidden="true" />}
      {header}
      <main id="main" className={`flex-1 ${mainClassName}`}>
        <Outlet />
      </main>
      {footer}
      {toasting && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  )
}
