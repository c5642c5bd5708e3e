import { Trans, useLingui } from '@lingui/react/macro'
import { ContactMessageView } from '@/components/contact-message-view'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useServerRead } from '@/components/use-server-read'
import { readErrorText } from '@/components/refusals/read-error-text'
import { dashboardTabPath } from '@/i18n/dashboard-tabs'
import { paths, useLang } from '@/i18n/paths'
import { fetchContactMessages } from '@/remote/contact-messages'

/** `/{lang}/dashboard/messages`: what the customer wrote through the contact form while signed in, and our answers. */
export function MyMessagesPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [read, reload] = useServerRead(fetchContactMessages, (error) => readErrorText(i18n, error))

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <PageMeta title={t`My messages`} description={t`What you wrote to us, and our answers.`} />
      <Link to={dashboardTabPath(lang, 'account')} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
        <Trans>Back to my account</Trans>
      </Link>
      <h1 className="text-2xl font-extrabold">
        <Trans>My messages</Trans>
      </h1>
      <div aria-live="polite" className="space-y-4">
        {read.kind === 'loading' && <Spinner label={t`Loading…`} />}
        {read.kind === 'failed' && (
          <div className="space-y-2">
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              <Trans>Your messages could not be loaded: {read.text}</Trans>
            </p>
            <Button variant="secondary" onClick={reload}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {read.kind === 'loaded' && read.data.length === 0 && (
          <p>
            <Trans>
              You have not written to us yet. <Link to={paths.page(lang, 'contact')} className="font-semibold text-brand-700 underline dark:text-brand-100">Write to us</Link> and our answer shows here.
            </Trans>
          </p>
        )}
        {read.kind === 'loaded' && read.data.map((message) => <ContactMessageView key={message.id} message={message} lang={lang} />)}
      </div>
    </div>
  )
}
