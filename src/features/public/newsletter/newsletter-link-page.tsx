import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { Link } from '@/components/links'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useServerRead } from '@/components/use-server-read'
import { paths, useLang } from '@/i18n/paths'
import { confirmNewsletter, unsubscribeNewsletter, type NewsletterStatus } from '@/remote/public-forms'
import { PageIntro } from '../page-intro'
import { sendErrorText } from './send-error'

const actions = { confirm: confirmNewsletter, unsubscribe: unsubscribeNewsletter }

/**
 * What a newsletter mail's link opens (`/{lang}/newsletter/confirm?token=…` or `…/unsubscribe?token=…`):
 * it does what the link says with its token as soon as it opens, and says what became of the
 * subscription. `act` is the server's unless a test gives another.
 */
export function NewsletterLinkPage({ action, act = actions[action] }: { action: keyof typeof actions; act?: (token: string) => Promise<NewsletterStatus> }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const token = useSearchParams()[0].get('token') ?? ''
  const [state, run] = useServerRead(
    useCallback(() => act(token), [act, token]),
    (error) => sendErrorText(i18n, error),
  )

  return (
    <>
      <PageIntro title={t`Newsletter`} description={action === 'confirm' ? t`Confirming your subscription.` : t`Unsubscribing from the newsletter.`} />
      <div className="mx-auto max-w-xl px-4 pb-16 text-center" aria-live="polite">
        {state.kind === 'loading' && <Spinner className="size-8" label={t`Working…`} />}
        {state.kind === 'loaded' && (
          <p className="text-lg font-medium">
            {state.data === 'confirmed' && <Trans>Your subscription is confirmed. Thank you!</Trans>}
            {state.data === 'unsubscribed' && <Trans>You are unsubscribed: we will not send you the newsletter any more.</Trans>}
            {state.data === 'pending' && <Trans>Your subscription is not confirmed yet.</Trans>}
          </p>
        )}
        {state.kind === 'failed' && (
          <div className="space-y-4">
            <p role="alert" className="text-lg font-medium text-red-700 dark:text-red-400">
              {state.text}
            </p>
            <Button type="button" variant="secondary" onClick={run}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        <p className="mt-8">
          <Link to={paths.page(lang, 'blog')} className="text-brand-700 hover:underline dark:text-brand-100">
            <Trans>Go to the blog</Trans>
          </Link>
        </p>
      </div>
    </>
  )
}
