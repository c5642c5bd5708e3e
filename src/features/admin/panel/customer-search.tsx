import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { emailError } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { findCustomerByEmail } from '@/local-db/admin-queries'
import type { LocalProfile } from '@/local-db/queries'

/** Finds a customer by exact email (any case) in the local directory: instant, and offline too. */
export function CustomerSearch({
  initialEmail,
  directoryLoading,
  onFound,
}: {
  initialEmail: string
  /** The first pull of the customer directory has not finished: a miss may only be "not yet". */
  directoryLoading: boolean
  onFound: (customer: LocalProfile | null, email: string) => void
}) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState(initialEmail)
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const invalid = emailError(email)
    if (invalid) {
      setError(i18n._(invalid))
      return
    }
    const customer = await findCustomerByEmail(email)
    setError(customer ? null : directoryLoading ? `${t`User not found.`} ${t`The customer directory is still downloading; try again in a moment.`}` : t`User not found.`)
    onFound(customer, email.trim())
  }

  return (
    <form noValidate onSubmit={onSubmit} role="search" aria-label={t`Find a customer`} className="flex flex-wrap items-start gap-3">
      <div className="min-w-64 flex-1">
        <TextField label={t`Customer email`} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={error ?? undefined} />
      </div>
      <Button type="submit" className="mt-6">
        <Trans>Search</Trans>
      </Button>
    </form>
  )
}
