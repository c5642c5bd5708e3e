import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { MenuButton } from '@/components/ui/menu-button'
import { dashboardTabPath } from '@/i18n/dashboard-tabs'
import { paths, useLang } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'
import { HeaderInbox } from '../header-inbox'
import { LanguageSwitch } from '../language-switch'
import { OfflineIndicator } from '../offline-indicator'
import { SignOut } from '../sign-out'
import { SiteLinks } from '../site-links'
import { ThemeToggle } from '../theme-toggle'
import { usePageMenu } from '../use-page-menu'
import { isStaff } from '@/business-rules/roles'

/** The app shell's top bar: the app's name, the connection, the notifications bell, and a menu with the website and the settings. */
export function AppBar() {
  const { t } = useLingui()
  const lang = useLang()
  const admin = useSessionStore((state) => isStaff(state.role))
  const { menuOpen, menuButton, toggleMenu, closeMenuOnEscape } = usePageMenu()
  return (
    <header onKeyDown={closeMenuOnEscape} className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="flex h-14 items-center gap-2 px-4">
        <Link to={dashboardTabPath(lang, 'packages')} className="flex items-center gap-2 font-extrabold text-brand-700 dark:text-white">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="max-[22rem]:sr-only">Casillero Miami</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <OfflineIndicator />
          <HeaderInbox />
          <MenuButton ref={menuButton} open={menuOpen} aria-controls={menuOpen ? 'app-menu' : undefined} aria-label={t`Menu`} onClick={toggleMenu} />
        </div>
      </div>
      {menuOpen && (
        <div id="app-menu" className="max-h-[calc(100dvh-3.5rem)] space-y-3 overflow-y-auto border-t border-slate-200 px-4 pb-4 dark:border-slate-800">
          <nav aria-label={t`Main`} className="flex flex-col py-2">
            <SiteLinks />
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
          <div className="flex flex-wrap gap-2">
            {admin && (
              <Link to={paths.page(lang, 'adminPanel')} className={buttonClasses('secondary')}>
                <Trans>Admin</Trans>
              </Link>
            )}
            <SignOut />
          </div>
        </div>
      )}
      <span className="sr-only" aria-live="polite">
        {menuOpen ? <Trans>Menu open</Trans> : null}
      </span>
    </header>
  )
}
