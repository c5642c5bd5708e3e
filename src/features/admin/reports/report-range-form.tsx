import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { SelectField, TextField } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import type { ReportBucket, ReportRequest } from '@/remote/reports'
import { maxReportDays, presetRequest, rangePresets, rangeProblem, type RangePreset } from './report-range'

/** The range and grouping of the report; a quick range shows at once. Keyed by the request shown, so it shows what is asked. */
export function ReportRangeForm({ request, busy, onShow }: { request: ReportRequest; busy: boolean; onShow: (request: ReportRequest) => void }) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(request)
  const [checked, setChecked] = useState(false)
  const problem = checked ? rangeProblem(draft) : null
  const problemText = problem && {
    missing: t`Choose both dates.`,
    reversed: t`The start date is after the end date.`,
    'too-long': t`A report covers at most ${maxReportDays} days.`,
  }[problem]
  const presetLabel: Record<RangePreset, string> = { 7: t`Last 7 days`, 30: t`Last 30 days`, 90: t`Last 90 days`, 365: t`Last 12 months` }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (!rangeProblem(draft)) onShow(draft)
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Quick ranges`}>
        {rangePresets.map((days) => (
          <Button key={days} type="button" variant="ghost" onClick={() => onShow(presetRequest(days))}>
            {presetLabel[days]}
          </Button>
        ))}
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
        <TextField label={t`From`} type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} required />
        <TextField label={t`To`} type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} required error={problemText ?? undefined} />
        <SelectField label={t`Group by`} value={draft.bucket} onChange={(event) => setDraft({ ...draft, bucket: event.target.value as ReportBucket })}>
          <option value="day">{t`Day`}</option>
          <option value="week">{t`Week`}</option>
        </SelectField>
        <Button type="submit" busy={busy} className="sm:mt-6">
          <Trans>Show report</Trans>
        </Button>
      </div>
    </form>
  )
}
