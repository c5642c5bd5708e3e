import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useInstallOffer } from '@/components/install-app/install-offer'
import { Link, NavLink } from '@/components/links'
import { MenuButton } from '@/components/ui/menu-button'
import { paths, useLang } from '@/i18n/paths'
import { AccountLinks } from './account-links'
import { LanguageSwitch } from './language-switch'
import { OfflineIndicator } from './offline-indicator'
import { headerLinks } from './site-nav-links'
import { ThemeToggle } from './theme-toggle'

// Loaded only when this browser can install the app: most first visits never need them.
const InstallAppButton = lazy(async () => ({ default: (await import('@/components/install-app/install-app-button')).InstallAppButton }))
const IosInstallHint = lazy(async () => ({ default: (await import('@/components/install-app/ios-install-hint')).IosInstallHint }))

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium ${isActive ? 'text-brand-700 dark:text-brand-100' : 'text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white'}`

export function SiteHeader() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const { pathname } = useLocation()
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null)
  const menuOpen = menuOpenOn === pathname
  const menuButton = useRef<HTMLButtonElement>(null)
  const installOffer = useInstallOffer()

  const links = headerLinks.map(({ page, label }) => (
    <NavLink key={page} to={page === 'home' ? paths.home(lang) : paths.page(lang, page)} end={page === 'home'} className={navLinkClass}>
      {i18n._(label)}
    </NavLink>
  ))

  return (
    <header
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return
        setMenuOpenOn(null)
        menuButton.current?.focus()
      }}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 text-nowrap">
        <Link to={paths.home(lang)} className="flex items-center gap-2 font-extrabold text-brand-700 dark:text-white">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className="text-wrap max-[23rem]:sr-only lg:max-xl:sr-only">Casillero Miami</span>
        </Link>
        <nav aria-label={t`Main`} className="ml-4 hidden items-center lg:flex">
          {links}
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
          <MenuButton ref={menuButton} open={menuOpen} className="lg:hidden" aria-controls={menuOpen ? 'mobile-menu' : undefined} aria-label={t`Menu`} onClick={() => setMenuOpenOn(menuOpen ? null : pathname)} />
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 lg:hidden dark:border-slate-800">
          <nav aria-label={t`Main`} className="flex flex-col py-2">
            {links}
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
