import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useState } from 'react'
import { ContactStatus } from '@/components/contact-message-view'
import { contactSubjectLabel } from '@/components/contact-subjects'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { useServerRead } from '@/components/use-server-read'
import { readErrorText } from '@/components/refusals/read-error-text'
import { formatDateTime } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { fetchContactMessages, type ContactMessage } from '@/remote/contact-messages'

type Filter = ContactMessage['status'] | 'all'

/** /admin/messages ("Mensajes"): what visitors and customers wrote through the contact form, newest first, open ones by default. */
export function MessagesPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [filter, setFilter] = useState<Filter>('open')
  const [read, reload] = useServerRead(useCallback(() => fetchContactMessages(filter === 'all' ? undefined : filter), [filter]), (error) => readErrorText(i18n, error))
  const say = (label: ReturnType<typeof contactSubjectLabel>) => (typeof label === 'string' ? label : i18n._(label))

  return (
    <>
      <PageMeta title={t`Messages`} description={t`What visitors and customers wrote through the contact form.`} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          <Trans>Messages</Trans>
        </h1>
        <div className="w-48">
          <SelectField label={t`Show`} value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            <option value="open">{t`Open`}</option>
            <option value="answered">{t`Answered`}</option>
            <option value="all">{t`All`}</option>
          </SelectField>
        </div>
      </div>
      <div aria-live="polite" className="mt-4">
        {read.kind === 'loading' && <Spinner label={t`Loading…`} />}
        {read.kind === 'failed' && (
          <div className="space-y-2">
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              <Trans>The messages could not be loaded: {read.text}</Trans>
            </p>
            <Button variant="secondary" onClick={reload}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {read.kind === 'loaded' && read.data.length === 0 && (
          <p className="text-slate-600 dark:text-slate-400">{filter === 'open' ? t`No open messages: every message has its answer.` : t`No messages.`}</p>
        )}
        {read.kind === 'loaded' && read.data.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {read.data.map((message) => (
              <li key={message.id} data-testid="contact-message">
                <Link to={`${paths.admin('messages')}/${message.id}`} className="block space-y-1 p-4 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{say(contactSubjectLabel(message.subject))}</span>
                    <ContactStatus status={message.status} />
                  </span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {message.name} · {message.email} · {formatDateTime(message.created_at, lang)}
                  </span>
                  <span className="block truncate text-sm">{message.body}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
