import type { Lang } from './locales'
import { pageSlugs } from './slugs'

/** The shipment screens' URLs: the customer's live under the dashboard, the warehouse's under /admin. */
export const shipmentPaths = {
  request: (lang: Lang) => `/${lang}/${pageSlugs.dashboard[lang]}/shipments/new`,
  customer: (lang: Lang, shipmentId: string) => `/${lang}/${pageSlugs.dashboard[lang]}/shipments/${shipmentId}`,
  desk: (shipmentId: string) => `/admin/shipments/${shipmentId}`,
}
