import { Trans } from '@lingui/react/macro'
import { Button, type ButtonVariant } from '@/components/ui/button'
import { useInstallOffer } from './install-offer'
import { promptInstall } from './install-prompt'

/** Opens the browser's install dialog; shown only while the browser offers one. */
export function InstallAppButton({ variant = 'primary', className = '' }: { variant?: ButtonVariant; className?: string }) {
  const offer = useInstallOffer()
  if (offer !== 'prompt') return null
  return (
    <Button variant={variant} className={className} onClick={() => void promptInstall()}>
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 3v12m-5-5 5 5 5-5M5 21h14" />
      </svg>
      <Trans>Install app</Trans>
    </Button>
  )
}
