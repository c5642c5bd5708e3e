import { dashboardTabPath } from './dashboard-tabs'
import type { Lang } from './locales'

/** The customer's statement and a payment's receipt, under the account tab (first visits do not load this). */
export const accountPaths = {
  statement: (lang: Lang) => `${dashboardTabPath(lang, 'account')}/statement`,
  receipt: (lang: Lang, entryId: string) => `${dashboardTabPath(lang, 'account')}/receipts/${entryId}`,
}
