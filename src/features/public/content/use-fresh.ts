import { startTransition, useEffect, useEffectEvent, useState } from 'react'

/** What each content read last returned on this page, so coming back shows it at once. */
const latest = new Map<string, unknown>()

/** Keeps what a read returned under another key too (an article under each of its URLs). */
export function rememberFresh(key: string, data: unknown): void {
  latest.set(key, data)
}

export interface Fresh<T> {
  /** What to show: the backend's answer, else what the page was rendered with or last had. */
  data: T | undefined
  /** `failed`: the backend did not answer and the service worker had no copy. */
  status: 'loading' | 'fresh' | 'failed'
}

/**
 * Content that can change after the build: starts from `initial` (the build's, from the hydration
 * data) or what this page last read under `key`, then reads the backend (through the service
 * worker, which answers offline from its copy) and shows what it says.
 */
export function useFresh<T>(key: string, initial: T | undefined, load: () => Promise<T>): Fresh<T> {
  const [read, setRead] = useState<{ key: string; data?: T; status: Fresh<T>['status'] } | null>(null)
  const loadNow = useEffectEvent(load)
  // What the page shows already stays (the same objects) when the answer says the same: nothing on it renders again.
  const unlessShown = useEffectEvent((answer: T): T => {
    const shown = initial ?? latest.get(key)
    return shown !== undefined && JSON.stringify(shown) === JSON.stringify(answer) ? (shown as T) : answer
  })
  useEffect(() => {
    let current = true
    loadNow().then(
      (answer) => {
        const data = unlessShown(answer)
        latest.set(key, data)
        // A transition: re-rendering a long list yields to the visitor's input instead of blocking it.
        if (current) startTransition(() => setRead({ key, data, status: 'fresh' }))
      },
      (error: unknown) => {
        console.warn(`Reading ${key} failed`, error)
        if (current) setRead({ key, status: 'failed' })
      },
    )
    return () => {
      current = false
    }
  }, [key])
  const mine = read?.key === key ? read : undefined
  if (mine?.status === 'fresh') return { data: mine.data, status: 'fresh' }
  return { data: initial ?? (latest.get(key) as T | undefined), status: mine?.status ?? 'loading' }
}
