import { miamiMidnight } from '@/business-rules/miami-day'
import type { AuditFilter } from '@/remote/audit-log'

/** The filter form as typed: '' is "any"; the dates are Miami calendar days, both included. */
export interface AuditFilterForm {
  actor: string
  action: string
  table: string
  fromDay: string
  toDay: string
}

export const anyLine: AuditFilterForm = { actor: '', action: '', table: '', fromDay: '', toDay: '' }

/** Whether the dates make a range: null when they do (or one or both are open). */
export function rangeProblem(form: AuditFilterForm): 'reversed' | null {
  return form.fromDay && form.toDay && form.fromDay > form.toDay ? 'reversed' : null
}

const nextDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** What audit_log_page is asked for: the Miami days from the start of `fromDay` to the end of `toDay`. */
export function auditFilterOf(form: AuditFilterForm): AuditFilter {
  return {
    actor: form.actor || null,
    action: form.action || null,
    table: form.table || null,
    from: form.fromDay ? miamiMidnight(form.fromDay) : null,
    to: form.toDay ? miamiMidnight(nextDay(form.toDay)) : null,
  }
}
