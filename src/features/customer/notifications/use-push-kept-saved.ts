import { useEffect } from 'react'
import { useLang } from '@/i18n/paths'
import { useSessionUser } from '@/stores/session-store'
import { getSupabase } from '@/remote/client'
import { keepPushSaved } from '@/remote/push-subscription'

/** While a customer is signed in: this browser's push subscription is saved again at each start and in each language they switch to. */
export function usePushKeptSaved(): void {
  const user = useSessionUser()
  const lang = useLang()
  useEffect(() => {
    if (!user) return
    void getSupabase()
      .then((client) => keepPushSaved(client, user.id, lang))
      .catch((error: unknown) => console.warn('The push subscription could not be saved again', error))
  }, [user, lang])
}
