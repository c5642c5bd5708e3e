import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { NavLink } from '@/components/links'
import { dashboardTabPath, type DashboardTab } from '@/i18n/dashboard-tabs'
import { useLang } from '@/i18n/paths'
import { useShipments } from '@/local-db/queries'
import { useSessionUser } from '@/stores/session-store'

const tabs: { tab: DashboardTab; label: MessageDescriptor; icon: string }[] = [
  { tab: 'packages', label: msg`Packages`, icon: 'M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8' },
  { tab: 'shipments', label: msg`Shipments`, icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M17.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3' },
  { tab: 'prealerts', label: msg`Prealerts`, icon: 'M9 4h6l1 2h3v15H5V6h3zM9 12h6M9 16h4' },
  { tab: 'account', label: msg`Account`, icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0' },
]

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `relative flex flex-1 flex-col items-center gap-0.5 py-2 text-xs font-semibold ${isActive ? 'text-brand-700 dark:text-brand-100' : 'text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-white'}`

/** The customer's four tabs at the bottom of the screen, each with a count of what waits for them there. */
export function TabBar() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const user = useSessionUser()
  const shipments = useShipments(user?.id ?? '')
  const toApprove = shipments?.filter((shipment) => shipment.status === 'awaiting_approval').length ?? 0
  const waiting: Partial<Record<DashboardTab, { count: number; label: string }>> = {
    shipments: { count: toApprove, label: t`${toApprove} awaiting your approval` },
  }
  return (
    <nav aria-label={t`My locker`} className="fixed inset-x-0 bottom-0 z-40 flex border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      {tabs.map(({ tab, label, icon }) => {
        const badge = waiting[tab]
        return (
          <NavLink key={tab} to={dashboardTabPath(lang, tab)} end={tab === 'packages'} className={tabClass} data-testid={`tab-${tab}`}>
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
              <path d={icon} />
            </svg>
            {i18n._(label)}
            {badge && badge.count > 0 && (
              <>
                <span data-testid={`tab-${tab}-badge`} aria-hidden="true" className="absolute top-1 left-1/2 ml-2 rounded-full bg-red-600 px-1.5 text-xs text-white">
                  {badge.count}
                </span>
                <span className="sr-only"> ({badge.label})</span>
              </>
            )}
          </NavLink>
        )
      })}
    </nav>
  )
}
