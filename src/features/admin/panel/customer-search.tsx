import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { emailError } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import type { LocalProfile } from '@/local-db/queries'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { findCustomer } from '../history/find-customer'

/**
 * Finds a customer by exact email (any case): in the device's directory (instant, and offline too),
 * else in the whole directory on the server.
 */
export function CustomerSearch({
  adminId,
  initialEmail,
  directoryLoading,
  onFound,
}: {
  adminId: string
  initialEmail: string
  /** The first pull of the customer directory has not finished: a miss may only be "not yet". */
  directoryLoading: boolean
  onFound: (customer: LocalProfile | null, email: string) => void
}) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState(initialEmail)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const invalid = emailError(email)
    if (invalid) {
      setError(i18n._(invalid))
      return
    }
    setBusy(true)
    const customer = await findCustomer(adminId, email).catch(() => undefined)
    setBusy(false)
    const notFound =
      customer === undefined
        ? `${t`User not found on this device.`} ${t`The server could not be reached to look further; try again.`}`
        : !useConnectivityStore.getState().reachable
          ? `${t`User not found on this device.`} ${t`Customers without activity in the last 30 days are found once the connection is back.`}`
          : directoryLoading
            ? `${t`User not found.`} ${t`The customer directory is still downloading; try again in a moment.`}`
            : t`User not found.`
    setError(customer ? null : notFound)
    onFound(customer ?? null, email.trim())
  }

  return (
    <form noValidate onSubmit={onSubmit} role="search" aria-label={t`Find a customer`} className="flex flex-wrap items-start gap-3">
      <div className="min-w-64 flex-1">
        <TextField label={t`Customer email`} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={error ?? undefined} />
      </div>
      <Button type="submit" className="mt-6" busy={busy}>
        <Trans>Search</Trans>
      </Button>
    </form>
  )
}
