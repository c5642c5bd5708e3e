import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { emailError } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { useLang } from '@/i18n/paths'
import { subscribeNewsletter } from '@/remote/public-forms'
import { sendErrorText } from './send-error'

type Outcome = { sent: string } | { failed: string }

/**
 * Subscribes to the newsletter: the address stays unconfirmed until the link mailed to it is opened
 * (subscribe_newsletter). `subscribe` is the server's unless a test gives another.
 */
export function NewsletterBox({ subscribe = subscribeNewsletter }: { subscribe?: typeof subscribeNewsletter }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = emailError(email)
    setInvalid(problem && i18n._(problem))
    setOutcome(undefined)
    if (problem) return
    setBusy(true)
    try {
      await subscribe(email.trim(), lang)
      setOutcome({ sent: email.trim() })
      setEmail('')
    } catch (error) {
      setOutcome({ failed: sendErrorText(i18n, error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="newsletter-heading" className="rounded-2xl bg-brand-700 p-6 text-white sm:p-8">
      <h2 id="newsletter-heading" className="text-2xl font-bold">
        <Trans>Get our tips and deals</Trans>
      </h2>
      <p className="mt-1 text-brand-100">
        <Trans>One email a month with shopping guides and the best sales.</Trans>
      </p>
      <form noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end [&_label]:text-white [&_p]:text-white" onSubmit={onSubmit}>
        <div className="flex-1">
          <TextField label={t`Email`} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={invalid} />
        </div>
        <Button type="submit" variant="secondary" busy={busy}>
          {busy ? <Trans>Subscribing…</Trans> : <Trans>Subscribe</Trans>}
        </Button>
      </form>
      <p role="status" className="mt-3 font-medium">
        {outcome && 'sent' in outcome && <Trans>Almost done: open the link we sent to {outcome.sent} to confirm your subscription.</Trans>}
        {outcome && 'failed' in outcome && outcome.failed}
      </p>
    </section>
  )
}
