import { dashboardTabPath } from './dashboard-tabs'
import type { Lang } from './locales'

/** The customer's statement and a payment's receipt, under the account tab, and their contact messages (first visits do not load this). */
export const accountPaths = {
  messages: (lang: Lang) => `${dashboardTabPath(lang, 'packages')}/messages`,
  statement: (lang: Lang) => `${dashboardTabPath(lang, 'account')}/statement`,
  receipt: (lang: Lang, entryId: string) => `${dashboardTabPath(lang, 'account')}/receipts/${entryId}`,
}
