import { Trans, useLingui } from '@lingui/react/macro'
import { downloadCsv } from '@/components/csv'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useServerRead } from '@/components/use-server-read'
import { readErrorText } from '@/components/refusals/read-error-text'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { fetchConfirmedSubscribers, type NewsletterSubscriber } from '@/remote/contact-messages'
import { subscribersCsvTable } from './subscribers-csv'

/** /admin/newsletter: the confirmed subscribers, and their CSV (headers in the reader's language, as the statement's). */
export function SubscribersPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [read, reload] = useServerRead(fetchConfirmedSubscribers, (error) => readErrorText(i18n, error))
  const languageOf = (subscriber: NewsletterSubscriber) => (subscriber.lang === 'es' ? t`Spanish` : t`English`)
  const exportCsv = (subscribers: NewsletterSubscriber[]) =>
    downloadCsv(`${t`newsletter-subscribers`}.csv`, subscribersCsvTable(subscribers, { address: t`Email`, lang: t`Language`, confirmed: t`Confirmed` }, languageOf))

  return (
    <>
      <PageMeta title={t`Newsletter`} description={t`Who confirmed their subscription to the newsletter.`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          <Trans>Newsletter subscribers</Trans>
        </h1>
        {read.kind === 'loaded' && (
          <Button variant="secondary" onClick={() => exportCsv(read.data)} disabled={read.data.length === 0}>
            <Trans>Download CSV</Trans>
          </Button>
        )}
      </div>
      <div aria-live="polite" className="mt-4">
        {read.kind === 'loading' && <Spinner label={t`Loading…`} />}
        {read.kind === 'failed' && (
          <div className="space-y-2">
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              <Trans>The subscribers could not be loaded: {read.text}</Trans>
            </p>
            <Button variant="secondary" onClick={reload}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {read.kind === 'loaded' && read.data.length === 0 && <p className="text-slate-600 dark:text-slate-400">{t`Nobody has confirmed a subscription yet.`}</p>}
        {read.kind === 'loaded' && read.data.length > 0 && (
          <>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              <Trans>{read.data.length} confirmed subscribers</Trans>
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left dark:border-slate-700">
                    <th className="py-2 pr-3">{t`Email`}</th>
                    <th className="py-2 pr-3">{t`Language`}</th>
                    <th className="py-2">{t`Confirmed`}</th>
                  </tr>
                </thead>
                <tbody>
                  {read.data.map((subscriber) => (
                    <tr key={subscriber.address} data-testid="subscriber" className="border-b border-slate-100 dark:border-slate-800">
                      <td className="py-2 pr-3 break-all">{subscriber.address}</td>
                      <td className="py-2 pr-3">{languageOf(subscriber)}</td>
                      <td className="py-2">{formatDateTime(subscriber.confirmed_at, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </>
  )
}
