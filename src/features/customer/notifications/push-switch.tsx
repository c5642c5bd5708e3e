import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { useLang } from '@/i18n/paths'
import { useOnline } from '@/stores/connectivity-store'
import { getSupabase } from '@/remote/client'
import { readPushState, removeWithClient, turnPushOff, turnPushOn, type PushState } from '@/remote/push-subscription'

/** This device's push: what it can do, and the button that turns it on or off (always after a tap). */
export function PushSwitch({ userId }: { userId: string }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const online = useOnline()
  const [state, setState] = useState<PushState | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const refresh = useCallback(() => void readPushState().then(setState, () => setState('unsupported')), [])
  useEffect(() => {
    refresh()
    // Permission changed in the browser's settings, or the app was installed meanwhile.
    document.addEventListener('visibilitychange', refresh)
    return () => document.removeEventListener('visibilitychange', refresh)
  }, [refresh])

  const change = async (on: boolean) => {
    setBusy(true)
    setError(null)
    try {
      const client = await getSupabase()
      if (on) setState(await turnPushOn(client, userId, lang))
      else {
        await turnPushOff(removeWithClient(client))
        setState('off')
      }
    } catch (failure) {
      setError(errorText(i18n, failure))
    } finally {
      setBusy(false)
    }
  }

  if (state === null) return null
  return (
    <div className="space-y-2" data-testid="push-switch" data-state={state}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {state === 'unsupported' && <Trans>This browser cannot show notifications while the app is closed. You will still find them all here.</Trans>}
        {state === 'needs-install' && (
          <Trans>On iPhone and iPad, notifications arrive once the app is on your Home Screen: tap Share, then Add to Home Screen, and turn them on in the installed app.</Trans>
        )}
        {state === 'denied' && <Trans>Notifications are blocked for this site in your browser’s settings. Allow them there to get them on this device.</Trans>}
        {state === 'off' && <Trans>Get them on this device too, even while the app is closed.</Trans>}
        {state === 'on' && <Trans>Notifications are on for this device.</Trans>}
      </p>
      {(state === 'off' || state === 'on') && (
        <Button type="button" variant={state === 'on' ? 'secondary' : 'primary'} disabled={busy || !online} onClick={() => void change(state === 'off')}>
          {busy ? t`Saving…` : state === 'off' ? t`Turn on notifications on this device` : t`Turn off notifications on this device`}
        </Button>
      )}
      {!online && (state === 'off' || state === 'on') && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Changing this needs a connection.</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          <Trans>Notifications could not be changed on this device: {error}</Trans>
        </p>
      )}
    </div>
  )
}
