import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

export type ServerRead<T> = { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; text: string }

const loading = { kind: 'loading' } as const

/**
 * What a screen reads straight from the server (not kept on the device): loading, then the data or
 * why it failed (`sayError`, in the reader's language); `reload` reads it again. An answer to a read
 * that `load` or a reload has since replaced is dropped.
 */
export function useServerRead<T>(load: () => Promise<T>, sayError: (error: unknown) => string): [ServerRead<T>, () => void] {
  const [round, setRound] = useState(0)
  const request = useMemo(() => ({ load, round }), [load, round])
  const [answer, setAnswer] = useState<{ request: typeof request; read: ServerRead<T> }>()
  const say = useRef(sayError)
  useEffect(() => {
    say.current = sayError
  })
  useEffect(() => {
    let current = true
    request.load().then(
      (data) => current && setAnswer({ request, read: { kind: 'loaded', data } }),
      (error: unknown) => current && setAnswer({ request, read: { kind: 'failed', text: say.current(error) } }),
    )
    return () => {
      current = false
    }
  }, [request])
  return [answer?.request === request ? answer.read : loading, useCallback(() => setRound((n) => n + 1), [])]
}
