import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Link } from '@/components/links'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { PageMeta } from '@/components/page-meta'
import { dashboardTabPath } from '@/i18n/dashboard-tabs'
import { useLang } from '@/i18n/paths'
import { followMailLink, MailLinkError, type MailLinkAnswer } from '@/remote/mail-link'
import { mailTopics } from './preference-rows'

type State = { at: 'working' } | { at: 'done'; answer: MailLinkAnswer } | { at: 'failed'; reason: MailLinkError['reason']; undo: boolean }

/**
 * Where a mail's footer leads (/{lang}/unsubscribe?token=…), without signing in: that kind of mail
 * is turned off, the page says which, in the mail's language, and offers to undo it.
 */
export function UnsubscribePage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const token = useSearchParams()[0].get('token') ?? ''
  const [state, setState] = useState<State>({ at: 'working' })

  const send = useCallback(
    (undo: boolean) =>
      followMailLink(token, undo).then(
        (answer) => setState({ at: 'done', answer }),
        (error: unknown) => setState({ at: 'failed', reason: error instanceof MailLinkError ? error.reason : 'unreachable', undo }),
      ),
    [token],
  )
  // Opening the page turns the mail off (as the mail's one-click does): a repeat changes nothing.
  useEffect(() => void send(false), [send])
  const follow = (undo: boolean) => {
    setState({ at: 'working' })
    void send(undo)
  }

  const topicOf = (kind: string) => (kind in mailTopics ? i18n._(mailTopics[kind as keyof typeof mailTopics]) : kind)
  return (
    <section className="mx-auto w-full max-w-md space-y-4 px-4 py-12" aria-live="polite">
      <PageMeta title={t`Email settings`} description={t`The emails we send you, kind by kind.`} />
      <h1 className="text-2xl font-bold">
        <Trans>Email settings</Trans>
      </h1>
      {state.at === 'working' && <Spinner label={t`Saving…`} />}
      {state.at === 'done' && (
        <>
          <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            {state.answer.mail === 'off'
              ? t`You will no longer get emails about ${topicOf(state.answer.kind)}.`
              : t`You will get emails about ${topicOf(state.answer.kind)} again.`}
          </p>
          {state.answer.mail === 'off' ? (
            <Button type="button" variant="secondary" onClick={() => follow(true)}>
              <Trans>Undo</Trans>
            </Button>
          ) : (
            <Button type="button" variant="secondary" onClick={() => follow(false)}>
              <Trans>Turn them off again</Trans>
            </Button>
          )}
        </>
      )}
      {state.at === 'failed' && (
        <>
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {state.reason === 'bad'
              ? t`This link is not valid. Choose which emails you get in your account's notification settings.`
              : t`We could not reach our server, so nothing changed yet. Check your connection and try again.`}
          </p>
          {state.reason === 'unreachable' && (
            <Button type="button" onClick={() => follow(state.undo)}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </>
      )}
      <p className="text-sm">
        <Link to={dashboardTabPath(lang, 'account')} className="font-semibold text-brand-700 underline dark:text-brand-100">
          <Trans>All my notification settings (Account → Notifications)</Trans>
        </Link>
      </p>
    </section>
  )
}
