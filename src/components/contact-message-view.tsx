import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatDateTime } from '@/i18n/format'
import type { Lang } from '@/i18n/locales'
import { contactSubjectLabel } from './contact-subjects'

export interface ShownContactMessage {
  subject: string
  body: string
  status: 'open' | 'answered'
  answer: string | null
  answered_at: string | null
  created_at: string
}

/** "Open" or "Answered", as a contact message's status reads. */
export function ContactStatus({ status }: { status: ShownContactMessage['status'] }) {
  const colors = status === 'open' ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100' : 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100'
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colors}`}>{status === 'open' ? <Trans>Open</Trans> : <Trans>Answered</Trans>}</span>
}

/** A contact message as its sender wrote it and the answer it got, if any; `from` says who sent it (the admin's view). */
export function ContactMessageView({ message, lang, from }: { message: ShownContactMessage; lang: Lang; from?: ReactNode }) {
  const { i18n } = useLingui()
  const subject = contactSubjectLabel(message.subject)
  return (
    <article className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{typeof subject === 'string' ? subject : i18n._(subject)}</h2>
        <ContactStatus status={message.status} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {from} <time dateTime={message.created_at}>{formatDateTime(message.created_at, lang)}</time>
      </p>
      <p className="whitespace-pre-wrap break-words">{message.body}</p>
      {message.answer && (
        <section className="rounded-xl bg-brand-50 p-3 dark:bg-slate-800">
          <h3 className="text-sm font-semibold">
            <Trans>Our answer, {formatDateTime(message.answered_at, lang)}</Trans>
          </h3>
          <p className="mt-1 whitespace-pre-wrap break-words">{message.answer}</p>
        </section>
      )}
    </article>
  )
}
