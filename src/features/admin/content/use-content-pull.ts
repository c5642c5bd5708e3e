import { useEffect, useState } from 'react'
import { useUnresolvedContentOps } from '@/local-db/content'
import { useOnline } from '@/stores/connectivity-store'
import { pullContent } from '@/sync-engine/content'

/**
 * Pulls the site's content when the editor opens, when the connection returns and when a change
 * comes back waiting for the admin (to show what another admin saved). 'failed' when it could not.
 */
export function useContentPull(): 'pulling' | 'done' | 'failed' | 'offline' {
  const online = useOnline()
  const unresolved = useUnresolvedContentOps()
  const [state, setState] = useState<'pulling' | 'done' | 'failed'>('pulling')
  useEffect(() => {
    if (!online) return
    let current = true
    pullContent().then(
      () => current && setState('done'),
      (error: unknown) => {
        console.error('The content could not be pulled', error)
        if (current) setState('failed')
      },
    )
    return () => {
      current = false
    }
  }, [online, unresolved])
  return online ? state : 'offline'
}
