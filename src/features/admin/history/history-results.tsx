import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from 'react-router'
import { StatusBadge } from '@/components/package-status'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDateTime } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { useHeldPackageIds } from '@/local-db/admin-queries'
import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { keepFetched } from '@/local-db/working-set'
import { historyQueryMinLength } from '@/remote/history'
import { DataTable } from '../area/data-table'
import { useHistorySearch } from './use-history-search'

const noteClass = 'rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400'

/**
 * Below the device's own matches: the packages of the whole history on the server that match
 * `query` and are not on this device, marked as such. Opening one keeps it (and its customer) on
 * the device and shows it in the package tool; offline, it says the older history needs a connection.
 */
export function HistoryResults({ adminId, query }: { adminId: string; query: string }) {
  const { t } = useLingui()
  const search = useHistorySearch(query)
  const found = search.state === 'loading' || search.state === 'done' ? search : null
  const held = useHeldPackageIds(found?.packages.map((pkg) => pkg.id) ?? [])
  const write = useDeviceWrite()
  const navigate = useNavigate()
  const lang = useLang()

  const trimmed = query.trim()
  if (search.state === 'idle') {
    return trimmed ? <p className={noteClass}>{t`Type at least ${historyQueryMinLength} characters to search the whole history too.`}</p> : null
  }
  if (search.state === 'offline') {
    return (
      <p role="status" className={noteClass} data-testid="history-offline">
        <Trans>Only the packages on this device are listed: searching the older history needs a connection.</Trans>
      </p>
    )
  }
  if (search.state === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        <p>
          <Trans>The history could not be searched: {search.message}</Trans>
        </p>
        <Button variant="secondary" onClick={search.retry}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }

  const older = search.packages.filter((pkg) => held && !held.has(pkg.id))
  const ownerOf = (pkg: PackageRow) => search.profiles.find((profile): profile is Extract<PulledProfile, { email: string | null }> => profile.id === pkg.user_id && profile.deleted_at === null)

  async function open(pkg: PackageRow) {
    const owner = ownerOf(pkg)
    const kept = await write(() => keepFetched(adminId, { packages: [pkg], profiles: owner ? [owner] : [], opened: [pkg.id] }))
    if (kept) navigate(`${paths.page(lang, 'adminPanel')}?${new URLSearchParams({ customer: pkg.user_id, email: owner?.email ?? '' })}`)
  }

  return (
    <section aria-labelledby="history-heading" aria-busy={search.state === 'loading'} className="space-y-3">
      <h2 id="history-heading" className="text-lg font-bold">
        <Trans>In the whole history</Trans>
      </h2>
      {search.state === 'loading' && older.length === 0 ? (
        <Spinner label={t`Searching the whole history…`} />
      ) : older.length === 0 ? (
        <p className={noteClass}>
          <Trans>Nothing else matches in the history.</Trans>
        </p>
      ) : (
        <DataTable columns={[<Trans key="tracking">Tracking code</Trans>, <Trans key="customer">Customer</Trans>, <Trans key="status">Status</Trans>, <Trans key="updated">Updated</Trans>, <Trans key="open">Open</Trans>]}>
          {older.map((pkg) => {
            const name = pkg.tracking_code ?? t`no tracking`
            return (
              <tr key={pkg.id} data-testid="history-row">
                <td className="px-4 py-3">
                  <span className="font-mono font-semibold">{name}</span>{' '}
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                    <Trans>From the history</Trans>
                  </span>
                </td>
                <td className="px-4 py-3">
                  <span className="font-mono">{pkg.locker_code}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{ownerOf(pkg)?.email}</span>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={pkg.status} />
                </td>
                <td className="px-4 py-3 text-slate-600 dark:text-slate-400">{formatDateTime(pkg.updated_at, lang)}</td>
                <td className="px-4 py-3">
                  <Button variant="secondary" aria-label={t`Open ${name}`} onClick={() => void open(pkg)}>
                    <Trans>Open</Trans>
                  </Button>
                </td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {search.hasMore && (
        <Button variant="ghost" busy={search.state === 'loading'} onClick={search.more}>
          <Trans>More from the history</Trans>
        </Button>
      )}
    </section>
  )
}
