import { Trans } from '@lingui/react/macro'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'

/** The account could not be opened on this device (its storage, or the code that signs in, failed): say so, and offer a way on. */
export function SessionFailure({ reason }: { reason: string }) {
  const lang = useLang()
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Your account could not be opened on this device</Trans>
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        <Trans>This browser could not load what signing in needs, or could not read its saved data. Check your connection and reload; in a private window, storage may be turned off.</Trans>
      </p>
      <p className="font-mono text-sm text-slate-600 dark:text-slate-400">{reason}</p>
      <div className="flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => location.reload()}>
          <Trans>Reload</Trans>
        </button>
        <a href={paths.home(lang)} className={buttonClasses('secondary')}>
          <Trans>Back to home</Trans>
        </a>
      </div>
    </div>
  )
}
