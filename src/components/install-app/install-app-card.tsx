import { Trans } from '@lingui/react/macro'
import { Button } from '@/components/ui/button'
import { InstallAppButton } from './install-app-button'
import { dismissInvitation, useInstallOffer } from './install-offer'

/** The customer's invitation to install, on their dashboard, until they install it or say not now. */
export function InstallAppCard() {
  const offer = useInstallOffer('dashboard-card')
  if (offer !== 'prompt') return null
  return (
    <section aria-labelledby="install-app-heading" className="space-y-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="install-app-heading" className="text-lg font-bold">
        <Trans>Install the app</Trans>
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <Trans>Open your locker from your home screen in one tap, even without a connection.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <InstallAppButton />
        <Button variant="ghost" onClick={() => dismissInvitation('dashboard-card')}>
          <Trans>Not now</Trans>
        </Button>
      </div>
    </section>
  )
}
