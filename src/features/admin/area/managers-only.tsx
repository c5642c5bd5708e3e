import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { isManager } from '@/business-rules/roles'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths } from '@/i18n/paths'
import { useSessionStore } from '@/stores/session-store'

/**
 * A manager's section (rates, content, users, reports, receivables, the audit log): the manager sees
 * it; a clerk who reaches its address sees why not, with the way back to the desk. Navigation only:
 * the database refuses a clerk these reads and writes anyway.
 */
export function ManagersOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const manager = useSessionStore((state) => isManager(state.role))
  if (manager) return children
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <PageMeta title={t`Only managers`} description={t`This section is for managers.`} />
      <h1 className="text-2xl font-bold">
        <Trans>Only managers</Trans>
      </h1>
      <p className="text-slate-600 dark:text-slate-400">
        <Trans>This section is for managers. Your desk work (packages, shipments, scanning, prealerts and payments) is in the dashboard.</Trans>
      </p>
      <Link to={paths.admin()} className={buttonClasses('primary')}>
        <Trans>Back to the dashboard</Trans>
      </Link>
    </section>
  )
}
