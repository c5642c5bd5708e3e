import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { useStaffMembers } from '@/local-db/admin-queries'
import { AuditRow } from './audit-row'
import { anyLine, auditFilterOf, rangeProblem, type AuditFilterForm } from './audit-filter'
import { auditActions, auditTables } from './audit-words'
import { useAuditLog } from './use-audit-log'

const noteClass = 'rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400'

/**
 * The manager's audit log (/admin/audit): who did what to money, rates, roles, users, content and
 * packages, newest first, read from the server (it needs a connection) a page at a time, filtered
 * by who, action, table and Miami dates.
 */
export function AuditPage() {
  const { t, i18n } = useLingui()
  const [form, setForm] = useState<AuditFilterForm>(anyLine)
  const [filter, setFilter] = useState(() => auditFilterOf(anyLine))
  const [checked, setChecked] = useState(false)
  const staff = useStaffMembers()
  const log = useAuditLog(filter)
  const problem = checked ? rangeProblem(form) : null
  const filtered = Object.values(filter).some((value) => value !== null)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (!rangeProblem(form)) setFilter(auditFilterOf(form))
  }
  const clear = () => {
    setForm(anyLine)
    setChecked(false)
    setFilter(auditFilterOf(anyLine))
  }
  const field = (key: keyof AuditFilterForm) => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }) })

  return (
    <>
      <PageMeta title={t`Audit log`} description={t`Who changed money, rates, roles, users, content and packages, and when.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Audit log</Trans>
      </h1>
      <form noValidate onSubmit={apply} aria-label={t`Filter the audit log`} className="grid items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
        <SelectField label={t`Who`} {...field('actor')}>
          <option value="">{t`Anyone`}</option>
          {staff?.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Action`} {...field('action')}>
          <option value="">{t`Any action`}</option>
          {Object.entries(auditActions).map(([action, label]) => (
            <option key={action} value={action}>
              {i18n._(label)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Table`} {...field('table')}>
          <option value="">{t`Any table`}</option>
          {Object.entries(auditTables).map(([table, label]) => (
            <option key={table} value={table}>
              {i18n._(label)}
            </option>
          ))}
        </SelectField>
        <TextField label={t`From (Miami day)`} type="date" {...field('fromDay')} />
        <TextField label={t`To (Miami day)`} type="date" {...field('toDay')} error={problem ? t`The start date is after the end date.` : undefined} />
        <div className="flex gap-2 self-end">
          <Button type="submit">
            <Trans>Apply</Trans>
          </Button>
          <Button variant="ghost" onClick={clear}>
            <Trans>Clear</Trans>
          </Button>
        </div>
      </form>
      {log.state === 'offline' ? (
        <p role="status" className={noteClass} data-testid="audit-offline">
          <Trans>Reading the audit log needs a connection. It shows again once you are back online.</Trans>
        </p>
      ) : log.state === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p>
            <Trans>The audit log could not be read: {log.message}</Trans>
          </p>
          <Button variant="secondary" onClick={log.retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : log.lines.length === 0 ? (
        log.state === 'loading' ? (
          <Spinner label={t`Loading the audit log…`} />
        ) : (
          <p className={noteClass}>{filtered ? <Trans>No line matches these filters.</Trans> : <Trans>Nothing has been logged yet.</Trans>}</p>
        )
      ) : (
        <section aria-busy={log.state === 'loading'} className="space-y-3">
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">
                <Trans>Audit log, newest first</Trans>
              </caption>
              <thead className="border-b border-slate-200 text-slate-600 max-md:sr-only dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {[t`When (Miami)`, t`Who`, t`What`, t`Which row`, t`Before → after`].map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 max-md:block dark:divide-slate-800">
                {log.lines.map((line) => (
                  <AuditRow key={line.id} line={line} />
                ))}
              </tbody>
            </table>
          </div>
          {log.hasMore && (
            <Button variant="secondary" busy={log.state === 'loading'} onClick={log.more}>
              <Trans>Load more</Trans>
            </Button>
          )}
        </section>
      )}
    </>
  )
}
