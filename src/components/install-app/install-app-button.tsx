import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/ui/button'
import type { ButtonVariant } from '@/components/ui/button-classes'
import { useInstallOffer } from './install-offer'
import { promptInstall } from './install-prompt'

const compactLook = 'rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'

/**
 * Opens the browser's install dialog; shown only while the browser offers one. Compact: the icon
 * alone (its name for assistive tech and as a tooltip), for a crowded header.
 */
export function InstallAppButton({ variant = 'primary', compact = false, className = '' }: { variant?: ButtonVariant; compact?: boolean; className?: string }) {
  const { t } = useLingui()
  const offer = useInstallOffer()
  if (offer !== 'prompt') return null
  const install = () => void promptInstall()
  const icon = (
    <svg viewBox="0 0 24 24" className={compact ? 'size-5' : 'size-4'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3v12m-5-5 5 5 5-5M5 21h14" />
    </svg>
  )
  if (compact) {
    return (
      <button type="button" onClick={install} title={t`Install app`} className={`${compactLook} ${className}`}>
        {icon}
        <span className="sr-only">
          <Trans>Install app</Trans>
        </span>
      </button>
    )
  }
  return (
    <Button variant={variant} className={className} onClick={install}>
      {icon}
      <Trans>Install app</Trans>
    </Button>
  )
}
