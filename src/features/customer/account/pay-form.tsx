import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { moneyMessages, parseCents } from '@/components/money-limits'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { startCheckout } from '@/remote/checkout'
import { useOnline } from '@/stores/connectivity-store'

/**
 * "Pay $X": Stripe's hosted checkout for what the customer owes, or for an amount they type (to pay
 * part, or ahead); online only. The function checks the amount against its limits and says why it
 * refuses one. The page leaves for Stripe's; the button stays busy until it does.
 */
export function PayForm({ owedCents }: { owedCents: number }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const online = useOnline()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const chosen = typed.trim() ? parseCents(typed) : null
  const cents = typed.trim() ? chosen : owedCents > 0 ? owedCents : null
  const amount = cents !== null && cents > 0 ? formatUsd(cents) : ''

  const pay = async (event: FormEvent) => {
    event.preventDefault()
    if (!amount || !online) return
    setBusy(true)
    setFailed(null)
    try {
      window.location.assign(await startCheckout(lang, typed.trim() ? cents! : undefined))
    } catch (error) {
      setFailed(errorText(i18n, error))
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void pay(event)} className="flex flex-wrap items-end gap-3">
      <div className="w-44">
        <TextField
          label={t`Amount to pay (USD)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={owedCents > 0 ? (owedCents / 100).toFixed(2) : ''}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={typed.trim() && (chosen === null || chosen <= 0) ? i18n._(moneyMessages.amount) : undefined}
          hint={owedCents > 0 ? undefined : t`You owe nothing: to pay ahead, type an amount.`}
        />
      </div>
      <Button type="submit" size="lg" busy={busy} disabled={!online || !amount}>
        {!online ? <Trans>Paying needs a connection</Trans> : amount ? <Trans>Pay {amount}</Trans> : <Trans>Pay</Trans>}
      </Button>
      {failed && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {t`The payment could not be started, and nothing was charged: ${failed}`}
        </p>
      )}
    </form>
  )
}
