import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { startCheckout } from '@/remote/checkout'
import { useOnline } from '@/stores/connectivity-store'

/**
 * "Pay $X": Stripe's hosted checkout for what the customer owes, online only. The page leaves for
 * Stripe's; the button stays busy until it does.
 */
export function PayButton({ owedCents }: { owedCents: number }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const online = useOnline()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const amount = formatUsd(owedCents)

  const pay = async () => {
    setBusy(true)
    setFailed(null)
    try {
      window.location.assign(await startCheckout(lang))
    } catch (error) {
      setFailed(errorText(i18n, error))
      setBusy(false)
    }
  }

  return (
    <div className="space-y-2">
      <Button size="lg" busy={busy} disabled={!online} onClick={() => void pay()}>
        {online ? <Trans>Pay {amount}</Trans> : <Trans>Paying needs a connection</Trans>}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t`The payment could not be started, and nothing was charged: ${failed}`}
        </p>
      )}
    </div>
  )
}
