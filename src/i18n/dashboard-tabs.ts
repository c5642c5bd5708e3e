import type { Lang } from './locales'
import { pageSlugs } from './slugs'

/**
 * The customer's tabs, each its own URL under the dashboard (its packages at the dashboard itself).
 * The segments are the same in both languages, as the shipment screens' (`dashboard/shipments/…`),
 * so a shipment's page sits inside its tab.
 */
export const dashboardTabs = ['packages', 'shipments', 'prealerts', 'account'] as const
export type DashboardTab = (typeof dashboardTabs)[number]

export const dashboardTabPath = (lang: Lang, tab: DashboardTab) => {
  const dashboard = `/${lang}/${pageSlugs.dashboard[lang]}`
  return tab === 'packages' ? dashboard : `${dashboard}/${tab}`
}
