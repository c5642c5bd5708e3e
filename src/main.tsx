import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { catchUpWithVisitor } from '@/app/hydration/catch-up-with-visitor'
import { createRouter, loadMatchedRoutes } from '@/app/router'
import { startAuth } from '@/features/auth/start-auth'
import { activateLang } from '@/i18n/activate'
import { isLang } from '@/i18n/locales'
import { preferredLang } from '@/i18n/preferred-lang'
import { readHydrationData } from '@/prerender/hydration-data'
import './index.css'

// Public pages are prerendered at build time (with the router's hydration data); the account
// screens, the admin area and unknown URLs get the empty shell.
const hydrationData = readHydrationData()
const prerendered = hydrationData !== undefined

declare global {
  interface Window {
    /** Buttons pressed on the prerendered page before the app was here, held by its inline loader (src/prerender/template.ts). */
    clicksBeforeApp?: HTMLButtonElement[]
    /** Says the app could not start, with a reload (index.html: it must work when this script did not load). */
    appFailed: (error: unknown) => void
  }
}

/**
 * Marks the document once React has taken it over (`<html data-hydrated>`): from then on every
 * control works. What the visitor typed, chose or pressed before is then caught up with.
 */
function MarkHydrated({ clicksBeforeApp }: { clicksBeforeApp: HTMLButtonElement[] }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    // After React's own work: each change then renders before the next, and a held submit sends
    // what was typed.
    const held = clicksBeforeApp.splice(0)
    setTimeout(() => catchUpWithVisitor(document.getElementById('root')!, held))
  }, [clicksBeforeApp])
  return null
}

// No top-level await: the route chunks import this entry chunk's modules, and would wait forever
// for a module still awaiting them.
async function start() {
  if (prerendered) await loadMatchedRoutes(new URL(location.href))
  else {
    const urlLang = location.pathname.split('/')[1]
    // The catalog must be active before the first render: I18nProvider renders nothing until then.
    await activateLang(isLang(urlLang) ? urlLang : preferredLang())
  }

  const router = createRouter(hydrationData)
  // From here on React answers clicks itself, replaying those made while it hydrates.
  const clicksBeforeApp = window.clicksBeforeApp ?? []
  delete window.clicksBeforeApp
  const container = document.getElementById('root')!
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <MarkHydrated clicksBeforeApp={clicksBeforeApp} />
      </I18nProvider>
    </StrictMode>
  )
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is hydrated: the page is already painted and readable.
  if (prerendered) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)

  void startAuth(router.navigate)

  if (router.state.initialized) afterPaint()
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      afterPaint()
    })
  }
}

// Once the first screen is painted and the browser is idle: neither the connectivity watch nor the
// service worker's registration is needed for it.
function whenIdle() {
  void import('@/app/connectivity/watch-connectivity').then(({ watchConnectivity }) => watchConnectivity())
  void import('@/app/pwa/register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker())
}
const afterPaint = () => ('requestIdleCallback' in window ? requestIdleCallback(whenIdle, { timeout: 3000 }) : setTimeout(whenIdle, 1000))

start().catch(window.appFailed)
