import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { useDeviceWrite } from '@/components/use-device-write'
import { useLang } from '@/i18n/paths'
import { useListedFaqs } from '@/local-db/content'
import type { FaqRow } from '@/local-db/content-rows'
import { queueFaqMove, queueFaqSave } from '@/outbox/queue-content'
import { useSessionUser } from '@/stores/session-store'
import { QueuedBadge } from './article-status'
import { FaqDialog } from './faq-dialog'
import { faqFieldsOf, faqFormOf } from './faq-fields'
import { matchesSearch } from './search-words'

type Visibility = 'all' | 'shown' | 'hidden'

/** The FAQ in its order: answers added, edited, moved up or down (buttons, so the keyboard does it too), hidden or shown. */
export function FaqSection() {
  const { t } = useLingui()
  const lang = useLang()
  const admin = useSessionUser()!
  const write = useDeviceWrite()
  const faqs = useListedFaqs()
  /** The answer being edited: null for a new one, undefined when the dialog is closed. */
  const [editing, setEditing] = useState<FaqRow | null | undefined>(undefined)
  const [search, setSearch] = useState('')
  const [visibility, setVisibility] = useState<Visibility>('all')
  const questionOf = (faq: FaqRow) => (lang === 'es' ? (faq.question_es ?? faq.question_en) : (faq.question_en ?? faq.question_es)) ?? ''
  const isListed = (faq: FaqRow) =>
    (visibility === 'all' || faq.published === (visibility === 'shown')) && matchesSearch(search, [faq.question_es, faq.question_en, faq.answer_es, faq.answer_en])
  return (
    <section aria-labelledby="faq-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="faq-heading" className="text-lg font-bold">
          <Trans>Frequently asked questions</Trans>
        </h2>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          <Trans>Add an answer</Trans>
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t`Search the answers`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <SelectField label={t`Shown on the site`} value={visibility} onChange={(event) => setVisibility(event.target.value as Visibility)}>
          <option value="all">{t`All`}</option>
          <option value="shown">{t`Shown`}</option>
          <option value="hidden">{t`Hidden`}</option>
        </SelectField>
      </div>
      {faqs && faqs.length > 0 && !faqs.some(({ faq }) => isListed(faq)) && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>No answer matches this search.</Trans>
        </p>
      )}
      <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {faqs?.map(({ faq, queued }, i) => {
          // Filtered out, an answer keeps its place: the numbers and the moves are those of the whole list.
          if (!isListed(faq)) return null
          const question = questionOf(faq)
          return (
            <li key={faq.id} data-testid="faq-row" className="flex flex-wrap items-center gap-2 px-4 py-3">
              <span className="min-w-0 flex-1 text-sm">
                <span className="mr-2 tabular-nums text-slate-500 dark:text-slate-400">{i + 1}.</span>
                {question}
              </span>
              {!faq.published && (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                  <Trans>Hidden</Trans>
                </span>
              )}
              {queued && <QueuedBadge state={queued} />}
              <div className="flex flex-wrap gap-1">
                <Button variant="ghost" disabled={i === 0} aria-label={t`Move up: ${question}`} onClick={() => void write(() => queueFaqMove(admin.id, faq.id, i))}>
                  ↑
                </Button>
                <Button variant="ghost" disabled={i === faqs.length - 1} aria-label={t`Move down: ${question}`} onClick={() => void write(() => queueFaqMove(admin.id, faq.id, i + 2))}>
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  aria-label={faq.published ? t`Hide: ${question}` : t`Show: ${question}`}
                  onClick={() => void write(() => queueFaqSave(admin.id, faq.id, faq.version, faqFieldsOf({ ...faqFormOf(faq), published: !faq.published })))}
                >
                  {faq.published ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
                </Button>
                <Button variant="secondary" aria-label={t`Edit: ${question}`} onClick={() => setEditing(faq)}>
                  <Trans>Edit</Trans>
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      <FaqDialog faq={editing} onClose={() => setEditing(undefined)} />
    </section>
  )
}
