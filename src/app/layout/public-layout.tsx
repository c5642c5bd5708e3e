import { Trans } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { useToastStore } from '@/stores/toast-store'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// Loaded with the first toast: a first visit rarely shows one, and its code counts against the budget.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }))

export function PublicLayout() {
  const navigating = useNavigation().state !== 'idle'
  const toasting = useToastStore((state) => state.current !== null)
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700">
        <Trans>Skip to content</Trans>
      </a>
      {navigating && <div className="fixed inset-x-0 top-0 z-50 h-1 motion-safe:animate-pulse bg-accent-500" role="progressbar" aria-hidden="true" />}
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      {toasting && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  )
}
