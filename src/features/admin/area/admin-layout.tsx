import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'
import { isManager } from '@/business-rules/roles'
import { Link, NavLink } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { MenuButton } from '@/components/ui/menu-button'
import { Toaster } from '@/components/ui/toaster'
import { paths, useLang, type AdminSection } from '@/i18n/paths'
import { useProfile } from '@/local-db/queries'
import { useSessionStore, useSessionUser } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { ConnectionStatus } from '../connection-status'
import { OutboxButton } from '../outbox-dialog'
import { roleLabels } from '../role-labels'

/** The sidebar: the desk's sections for every staff member, the manager's (`manager`) for the manager only. */
const sections: { section?: AdminSection; label: MessageDescriptor; manager?: true }[] = [
  { label: msg`Dashboard` },
  { section: 'users', label: msg`Users`, manager: true },
  { section: 'packages', label: msg`Packages` },
  { section: 'shipments', label: msg`Shipments` },
  { section: 'rates', label: msg`Rates`, manager: true },
  { section: 'content', label: msg`Content`, manager: true },
  { section: 'reports', label: msg`Reports`, manager: true },
  { section: 'receivables', label: msg`Receivables`, manager: true },
  { section: 'messages', label: msg`Messages` },
  { section: 'mail', label: msg`Mail`, manager: true },
  { section: 'newsletter', label: msg`Newsletter`, manager: true },
  { section: 'audit', label: msg`Audit log`, manager: true },
]

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`

/**
 * The /admin area (SPEC §2): a sidebar of sections and a top bar with who is signed in, the
 * connection, the unsent changes and the app's own controls (`controls`, `signOut`).
 */
export function AdminLayout({ controls, signOut }: { controls: ReactNode; signOut: ReactNode }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const user = useSessionUser()!
  const profile = useProfile(user.id)
  const { pathname } = useLocation()
  const syncError = useSyncStatusStore((state) => state.error)
  const role = useSessionStore((state) => state.role)
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null)
  const menuOpen = menuOpenOn === pathname

  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr] dark:bg-slate-950">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700">
        <Trans>Skip to content</Trans>
      </a>
      <aside id="admin-menu" className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white p-4 lg:block lg:border-r lg:border-b-0 dark:border-slate-800 dark:bg-slate-900`}>
        <Link to={paths.admin()} className="mb-6 hidden items-center gap-2 font-extrabold text-brand-700 lg:flex dark:text-white">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Casillero Miami</span>
        </Link>
        <nav aria-label={t`Admin sections`} className="space-y-1">
          {sections
            .filter((entry) => isManager(role) || !entry.manager)
            .map(({ section, label }) => (
            <NavLink key={label.id} to={paths.admin(section)} end={!section} className={linkClass}>
              {i18n._(label)}
            </NavLink>
          ))}
          <Link to={paths.page(lang, 'adminPanel')} className={linkClass({ isActive: false })}>
            <Trans>Package tool</Trans>
          </Link>
        </nav>
        <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">{signOut}</div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
          <MenuButton open={menuOpen} className="lg:hidden" aria-controls="admin-menu" aria-label={t`Menu`} onClick={() => setMenuOpenOn(menuOpen ? null : pathname)} />
          {/* On a phone the sidebar is a menu: the tool used most at the counter stays one tap away. */}
          <Link to={paths.page(lang, 'adminPanel')} data-testid="admin-package-tool" className={`${buttonClasses('secondary')} lg:hidden`}>
            <Trans>Package tool</Trans>
          </Link>
          <div className="min-w-0" data-testid="admin-identity">
            <p className="truncate text-sm font-semibold">{profile?.full_name || profile?.email || user.email}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._(roleLabels[profile?.role ?? role ?? 'admin'])}</p>
          </div>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <ConnectionStatus />
            <OutboxButton userId={user.id} />
            {controls}
          </div>
        </header>
        <main id="admin-main" className="flex-1 space-y-6 p-4 sm:p-6">
          {syncError && (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              <Trans>We could not refresh the data: {syncError}</Trans>
            </p>
          )}
          <Outlet />
        </main>
      </div>
      <Toaster />
    </div>
  )
}
