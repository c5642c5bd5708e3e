import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { showInConstruction } from '@/components/in-construction'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'

/** SPEC §2: the newsletter is not built yet; subscribing says so. */
export function NewsletterBox() {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  return (
    <section aria-labelledby="newsletter-heading" className="rounded-2xl bg-brand-700 p-6 text-white sm:p-8">
      <h2 id="newsletter-heading" className="text-2xl font-bold">
        <Trans>Get our tips and deals</Trans>
      </h2>
      <p className="mt-1 text-brand-100">
        <Trans>One email a month with shopping guides and the best sales.</Trans>
      </p>
      <form
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end [&_label]:text-white"
        onSubmit={(event) => {
          event.preventDefault()
          showInConstruction(i18n)
        }}
      >
        <div className="flex-1">
          <TextField label={t`Email`} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          <Trans>Subscribe</Trans>
        </Button>
      </form>
    </section>
  )
}
