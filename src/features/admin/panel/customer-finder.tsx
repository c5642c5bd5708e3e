import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { onDirectoryChange, readDirectory, useDirectory, type Customer, type CustomerDirectory } from '@/local-db/directory'
import { whenSynced } from '@/local-db/queries'
import { useKeyboardWedge } from './scan/use-keyboard-wedge'

/** Matches shown under the field while typing: enough to pick from, few enough to read. */
const shownMatches = 8

/** This tab's directory once `has` finds what it looks for there (the first pull stored it), or once that pull is whole. */
function untilFound(ownerId: string, has: (directory: CustomerDirectory) => boolean, signal: AbortSignal): Promise<CustomerDirectory> {
  const settled = new AbortController()
  let stopWatching = () => {}
  const arrived = new Promise<void>((resolve) => {
    stopWatching = onDirectoryChange(() => {
      void readDirectory().then((directory) => {
        if (has(directory)) resolve()
      })
    })
  })
  return Promise.race([arrived, whenSynced(ownerId, 'directory', AbortSignal.any([signal, settled.signal]))])
    .then(() => readDirectory())
    .finally(() => {
      stopWatching()
      settled.abort()
    })
}

/**
 * Finds a customer the way a label reads, in the directory on this device (offline too): by locker
 * code ("Suite MIA100003", "mia100003", "100003"), email (whole or its beginning), name (the
 * beginning of its words, any case, accents ignored) or phone digits. Matches show as the admin
 * types; Search (or Enter) picks the one customer the query names, and a scanner's burst of a locker
 * code picks its customer at once. Asked before the directory's first pull is whole, it answers at
 * once only a query that names a customer already stored; otherwise it waits until that customer
 * is or the pull is whole (a miss, or an only match, could mean "not yet").
 */
export function CustomerFinder({
  ownerId,
  initialQuery,
  directoryLoading,
  onFound,
}: {
  /** The admin whose device holds the directory. */
  ownerId: string
  initialQuery: string
  /** The directory's first pull has not finished: a miss may only be "not yet". */
  directoryLoading: boolean
  onFound: (customer: Customer | null, query: string) => void
}) {
  const { t } = useLingui()
  const directory = useDirectory()
  const [query, setQuery] = useState(initialQuery)
  const [error, setError] = useState<string | null>(null)
  const [searched, setSearched] = useState(false)
  // A customer was picked for what the field holds: its matches are answered.
  const [settled, setSettled] = useState(initialQuery !== '')
  const matchesId = useId()
  const trimmed = query.trim()
  const matches = trimmed.length >= 2 && directory && !settled ? directory.search(trimmed) : []

  // A search or scan asked while the directory was still arriving, answered once it has.
  const [waiting, setWaiting] = useState(false)
  const asking = useRef(0)
  // Ends the wait of a question overtaken by typing, another question or the finder leaving the screen.
  const waitForDirectory = useRef<AbortController>(null)
  useEffect(() => () => waitForDirectory.current?.abort(), [])

  const pick = (customer: Customer, from: string) => {
    setError(null)
    setSearched(false)
    setSettled(true)
    onFound(customer, from.trim())
  }

  async function answer(asked: string, scanned: boolean) {
    const question = ++asking.current
    // The customer the query names (a whole locker code or email), among those stored so far.
    const named = (directory: CustomerDirectory) => (scanned ? directory.byLocker(asked) : directory.exact(asked))
    let found = await readDirectory()
    let customer = named(found)
    if (!customer && directoryLoading) {
      setWaiting(true)
      waitForDirectory.current?.abort()
      const wait = (waitForDirectory.current = new AbortController())
      try {
        found = await untilFound(ownerId, (directory) => named(directory) !== null, wait.signal)
      } catch {
        return
      }
      if (question !== asking.current) return
      setWaiting(false)
      customer = named(found)
    }
    if (question !== asking.current) return
    const all = scanned ? [] : found.search(asked)
    // The only match is the one only once every customer is here (the wait above ends with the pull).
    customer ??= all.length === 1 ? all[0]! : null
    if (customer) return pick(customer, asked)
    setSearched(!scanned)
    setSettled(false)
    setError(all.length === 0 ? t`User not found.` : null)
    onFound(null, asked)
  }

  const onScan = (code: string) => {
    setQuery(code)
    setError(null)
    void answer(code, true)
  }
  const onKeyDown = useKeyboardWedge(onScan)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!trimmed) {
      setError(t`Type a locker code, an email, a name or a phone number.`)
      return
    }
    void answer(trimmed, false)
  }

  return (
    <form noValidate onSubmit={onSubmit} role="search" aria-label={t`Find a customer`} className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label={t`Customer email, locker code, name or phone`}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setError(null)
              setSearched(false)
              setSettled(false)
              setWaiting(false)
              waitForDirectory.current?.abort()
              asking.current++
            }}
            onKeyDown={onKeyDown}
            aria-controls={matches.length > 0 ? matchesId : undefined}
            error={error ?? undefined}
            hint={t`A scanner reading the label's locker code picks its customer.`}
          />
        </div>
        <Button type="submit" className="mt-6" busy={waiting}>
          <Trans>Search</Trans>
        </Button>
      </div>
      {waiting && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>The customer directory is still downloading: the answer comes as soon as it is here.</Trans>
        </p>
      )}
      {matches.length > 0 && (
        <div id={matchesId} className="space-y-2">
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {searched ? (
              <Plural value={matches.length} one="# customer matches: choose one." other="# customers match: choose one." />
            ) : (
              <Plural value={matches.length} one="# customer matches." other="# customers match." />
            )}
          </p>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {matches.slice(0, shownMatches).map((customer) => (
              <li key={customer.id}>
                <button
                  type="button"
                  onClick={() => pick(customer, query)}
                  className="flex w-full flex-wrap items-baseline gap-x-3 px-4 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                >
                  <span className="font-semibold">{customer.full_name || customer.email}</span>
                  <span className="font-mono">{customer.locker_code}</span>
                  <span className="text-slate-600 dark:text-slate-400">{customer.email}</span>
                  {customer.phone && <span className="text-slate-600 dark:text-slate-400">{customer.phone}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  )
}
