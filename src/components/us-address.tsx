import { Trans, useLingui } from '@lingui/react/macro'
import { businessInfo } from './business-info'
import { showToast } from '@/stores/toast-store'

/** The customer's US shipping address: the Miami warehouse, with their locker code on the suite line. */
export function usAddressLines(fullName: string, lockerCode: string): string[] {
  return [
    fullName,
    `${businessInfo.street} ${lockerCode}`,
    `${businessInfo.city}, ${businessInfo.state} ${businessInfo.zip}`,
    'United States',
    businessInfo.phone,
  ]
}

export function UsAddress({ fullName, lockerCode }: { fullName: string; lockerCode: string }) {
  const { t } = useLingui()
  const lines = usAddressLines(fullName, lockerCode)

  async function copy() {
    try {
      await navigator.clipboard.writeText(lines.join('\n'))
      showToast({ title: t`Address copied`, variant: 'success' })
    } catch {
      showToast({ title: t`Could not copy. Select the address and copy it by hand.`, variant: 'destructive' })
    }
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        <Trans>Your USA shipping address</Trans>
      </p>
      <address data-testid="us-address" className="font-mono text-sm not-italic leading-6">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <button type="button" onClick={copy} className="mt-3 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
        <Trans>Copy address</Trans>
      </button>
    </div>
  )
}
