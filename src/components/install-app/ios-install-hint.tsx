import { Trans, useLingui } from '@lingui/react/macro'
import { dismissInvitation, useInstallOffer } from './install-offer'

/** Safari on iPhone/iPad has no install dialog: this says where Apple hides the option. */
export function IosInstallHint() {
  const { t } = useLingui()
  const offer = useInstallOffer('ios-hint')
  if (offer !== 'ios-hint') return null
  return (
    <section aria-label={t`Install the app`} className="border-t border-brand-100 bg-brand-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm text-slate-800 dark:text-slate-200">
        <img src="/icons/icon-192.png" alt="" width="32" height="32" className="size-8 shrink-0 rounded-lg" />
        <p className="flex-1">
          <Trans>
            Add Casillero Miami to your home screen: tap <strong>Share</strong> <ShareIcon /> and then <strong>Add to Home Screen</strong>.
          </Trans>
        </p>
        <button
          type="button"
          onClick={() => dismissInvitation('ios-hint')}
          aria-label={t`Close the install tip`}
          className="shrink-0 rounded-lg p-2 text-slate-600 hover:bg-brand-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
    </section>
  )
}

/** Safari's Share symbol: a box with an arrow out of it. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" className="inline size-4 align-text-bottom" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 15V3m-4 4 4-4 4 4M8 10H6v11h12V10h-2" />
    </svg>
  )
}
