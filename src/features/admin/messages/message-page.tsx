import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { contactLimits } from '@/components/contact-limits'
import { ContactMessageView } from '@/components/contact-message-view'
import { lengthError, maxLengthOf, requiredError } from '@/components/form-validation'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { TextAreaField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { useServerRead } from '@/components/use-server-read'
import { readErrorText } from '@/components/refusals/read-error-text'
import { paths, useLang } from '@/i18n/paths'
import { answerContactMessage, fetchContactMessage } from '@/remote/contact-messages'
import { showToast } from '@/stores/toast-store'

/** /admin/messages/:messageId: one message, and the form that answers it (mailed to its sender, kept with it). */
export function MessagePage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const id = useParams().messageId ?? ''
  const [read, reload] = useServerRead(useCallback(() => fetchContactMessage(id), [id]), (error) => readErrorText(i18n, error))
  const [answer, setAnswer] = useState('')
  const [invalid, setInvalid] = useState<string>()
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = requiredError(answer) ?? lengthError(answer, contactLimits.answer)
    setInvalid(problem && i18n._(problem))
    if (problem) return
    setSending(true)
    setFailure(undefined)
    try {
      await answerContactMessage(id, answer.trim())
      showToast({ title: t`Answer sent`, description: t`It was mailed to the sender and kept with the message.`, variant: 'success' })
      setAnswer('')
      reload()
    } catch (error) {
      setFailure(errorText(i18n, error))
    } finally {
      setSending(false)
    }
  }

  const message = read.kind === 'loaded' ? read.data : null
  return (
    <>
      <PageMeta title={t`Message`} description={t`A message sent through the contact form.`} />
      <p>
        <Link to={paths.admin('messages')} className="text-sm text-brand-700 hover:underline dark:text-brand-100">
          <Trans>← All messages</Trans>
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold">
        <Trans>Message</Trans>
      </h1>
      <div aria-live="polite" className="mt-4 max-w-3xl space-y-4">
        {read.kind === 'loading' && <Spinner label={t`Loading…`} />}
        {read.kind === 'failed' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            <Trans>The message could not be loaded: {read.text}</Trans>
          </p>
        )}
        {read.kind === 'loaded' && !message && <p>{t`This message no longer exists.`}</p>}
        {message && (
          <ContactMessageView
            message={message}
            lang={lang}
            from={
              <>
                {message.name} · <a href={`mailto:${message.email}`} className="text-brand-700 hover:underline dark:text-brand-100">{message.email}</a> ·{' '}
                {message.lang === 'es' ? t`writes in Spanish` : t`writes in English`} ·
              </>
            }
          />
        )}
        {message?.status === 'open' && (
          <form noValidate onSubmit={onSubmit} className="space-y-3">
            <TextAreaField
              label={t`Answer`}
              hint={t`Mailed to the sender as you write it, and kept with the message.`}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              error={invalid}
              maxLength={maxLengthOf(contactLimits.answer)}
              rows={8}
              required
            />
            <Button type="submit" busy={sending}>
              {sending ? <Trans>Sending…</Trans> : <Trans>Send answer</Trans>}
            </Button>
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure}
            </p>
          </form>
        )}
      </div>
    </>
  )
}
