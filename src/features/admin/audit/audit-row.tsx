import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { formatMiamiDateTime, formatUsd } from '@/i18n/format'
import type { Lang } from '@/i18n/locales'
import { paths, useLang } from '@/i18n/paths'
import type { AuditLine } from '@/remote/audit-log'
import { contentPaths } from '../content/content-paths'
import { rateFields, typedRate } from '../rates/rate-fields'
import { roleLabels } from '../role-labels'
import { actionText, actorRoleText, tableText } from './audit-words'

/** Where the row a line is about can be seen now; null when it is gone or has no screen. */
function rowPath(line: AuditLine, lang: Lang): string | null {
  const customer = (id: unknown) => (typeof id === 'string' ? `${paths.page(lang, 'adminPanel')}?customer=${id}` : null)
  switch (line.table_name) {
    case 'account_entries':
      return customer(line.after?.user_id)
    case 'profiles':
      return line.action === 'profile.delete' ? null : customer(line.row_id)
    case 'rates':
    case 'plans':
      return paths.admin('rates')
    case 'articles':
      return line.action === 'article.delete' ? null : contentPaths.article(line.row_id)
    case 'faqs':
      return line.action === 'faq.delete' ? null : contentPaths.list
    default:
      return null
  }
}

/** The fields a line shows: an update's changed columns, an insert's or a delete's filled ones. */
const fieldsOf = (line: AuditLine) => (line.changed.length > 0 ? line.changed : Object.keys(line.after ?? line.before ?? {}).filter((key) => key !== 'id' && (line.after ?? line.before)?.[key] != null))

const cellClass = 'px-4 py-3 align-top max-md:block max-md:px-0 max-md:py-1'

/** One line of the audit log: when (Miami time), who, what, which row, and before → after. */
export function AuditRow({ line }: { line: AuditLine }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  // A rate reads as on the rates page: its name, and dollars for cents.
  const rate = line.table_name === 'rates' ? rateFields.find((field) => field.key === line.row_id) : undefined
  const value = (key: string, raw: unknown): string => {
    if (raw === null || raw === undefined) return '—'
    if (rate && key === 'value' && typeof raw === 'number') return typedRate(rate.key, raw)
    if (typeof raw === 'number' && key.endsWith('_cents')) return formatUsd(raw)
    if (key === 'role' && typeof raw === 'string' && raw in roleLabels) return i18n._(roleLabels[raw as keyof typeof roleLabels])
    return typeof raw === 'object' ? JSON.stringify(raw) : String(raw)
  }
  const path = rowPath(line, lang)
  const rowName = rate ? i18n._(rate.label) : line.row_id.length > 12 ? `${line.row_id.slice(0, 8)}…` : line.row_id
  return (
    <tr data-testid="audit-line" className="max-md:block max-md:px-4 max-md:py-3">
      <td className={`${cellClass} whitespace-nowrap text-slate-600 dark:text-slate-400`}>
        <time dateTime={line.at}>{formatMiamiDateTime(line.at, lang)}</time>
      </td>
      <td className={cellClass}>
        <span className="font-medium">{line.actor_name ?? (line.actor_id ? t`Deleted user` : actorRoleText(i18n, line.actor_role))}</span>
        {(line.actor_name ?? line.actor_id) && <span className="block text-xs text-slate-500 dark:text-slate-400">{actorRoleText(i18n, line.actor_role)}</span>}
      </td>
      <td className={`${cellClass} font-medium`}>{actionText(i18n, line.action)}</td>
      <td className={cellClass}>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{tableText(i18n, line.table_name)}</span>
        {path ? (
          <Link to={path} title={line.row_id} className="font-mono text-brand-700 underline dark:text-brand-100">
            {rowName}
          </Link>
        ) : (
          <span title={line.row_id} className="font-mono">
            {rowName}
          </span>
        )}
      </td>
      <td className={cellClass}>
        <ul className="space-y-0.5">
          {fieldsOf(line).map((key) => {
            const kept = (line.before && key in line.before) || (line.after && key in line.after)
            return (
              <li key={key} data-testid="audit-change">
                <span className="font-mono text-xs">{key}</span>{' '}
                {!kept ? (
                  <span className="text-slate-500 dark:text-slate-400">
                    <Trans>changed (not kept in the log)</Trans>
                  </span>
                ) : line.before && line.after ? (
                  <>
                    {value(key, line.before[key])} → {value(key, line.after[key])}
                  </>
                ) : (
                  value(key, (line.after ?? line.before)?.[key])
                )}
              </li>
            )
          })}
        </ul>
      </td>
    </tr>
  )
}
