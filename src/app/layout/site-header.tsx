import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { useInstallOffer } from '@/components/install-app/install-offer'
import { Link } from '@/components/links'
import { MenuButton } from '@/components/ui/menu-button'
import { paths, useLang } from '@/i18n/paths'
import { AccountLinks } from './account-links'
import { LanguageSwitch } from './language-switch'
import { OfflineIndicator } from './offline-indicator'
import { SiteLinks } from './site-links'
import { ThemeToggle } from './theme-toggle'
import { usePageMenu } from './use-page-menu'

// Loaded only when this browser can install the app: most first visits never need them.
const InstallAppButton = lazy(async () => ({ default: (await import('@/components/install-app/install-app-button')).InstallAppButton }))
const IosInstallHint = lazy(async () => ({ default: (await import('@/components/install-app/ios-install-hint')).IosInstallHint }))

export function SiteHeader() {
  const { t } = useLingui()
  const lang = useLang()
  const { menuOpen, menuButton, toggleMenu, closeMenuOnEscape } = usePageMenu()
  const installOffer = useInstallOffer()

  return (
    <header
      onKeyDown={closeMenuOnEscape}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 text-nowrap">
        <Link to={paths.home(lang)} className="flex items-center gap-2 font-extrabold text-brand-700 dark:text-white">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className="text-wrap max-[23rem]:sr-only lg:max-xl:sr-only">Casillero Miami</span>
        </Link>
        <nav aria-label={t`Main`} className="ml-4 hidden items-center lg:flex">
          <SiteLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <OfflineIndicator />
          <LanguageSwitch />
          <ThemeToggle />
          {installOffer === 'prompt' && (
            <div className="hidden lg:contents">
              <Suspense>
                <InstallAppButton compact />
              </Suspense>
            </div>
          )}
          <AccountLinks bar />
          <MenuButton ref={menuButton} open={menuOpen} className="lg:hidden" aria-controls={menuOpen ? 'mobile-menu' : undefined} aria-label={t`Menu`} onClick={toggleMenu} />
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 lg:hidden dark:border-slate-800">
          <nav aria-label={t`Main`} className="flex flex-col py-2">
            <SiteLinks />
          </nav>
          <div className="flex flex-wrap gap-2 md:hidden">
            <AccountLinks />
          </div>
          {installOffer === 'prompt' && (
            <Suspense>
              <InstallAppButton variant="secondary" className="mt-3 w-full sm:w-auto" />
            </Suspense>
          )}
        </div>
      )}
      {installOffer === 'ios-hint' && (
        <Suspense>
          <IosInstallHint />
        </Suspense>
      )}
      <span className="sr-only" aria-live="polite">
        {menuOpen ? <Trans>Menu open</Trans> : null}
      </span>
    </header>
  )
}
