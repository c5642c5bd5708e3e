import { Trans } from '@lingui/react/macro'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'

/** SPEC §2: unexpected errors show 'Unexpected Application Error!' with a way back. */
export function AppErrorPage() {
  const error = useRouteError()
  const lang = useLang()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null
  if (error) console.error(error)
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      {detail && <p className="font-mono text-sm text-slate-600 dark:text-slate-400">{detail}</p>}
      <div className="flex gap-3">
        {/* A full reload: the router's state may be what broke. */}
        <a href={paths.home(lang)} className={buttonClasses('primary')}>
          <Trans>Back to home</Trans>
        </a>
        <button type="button" className={buttonClasses('secondary')} onClick={() => location.reload()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </main>
  )
}
