import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from 'react-router'
import { StatusBadge } from '@/components/package-status'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDateTime } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { useHeldPackages } from '@/local-db/admin-queries'
import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { keepFetched } from '@/local-db/working-set'
import { DataTable } from '../area/data-table'
import { FromHistoryMark, HistorySection } from './history-section'
import { useHistorySearch } from './use-history-search'

/**
 * Below the device's own matches: the packages of the whole history on the server that match
 * `query` and are not on this device. Opening one keeps it on the device (the directory names its customer) and
 * shows it in the package tool.
 */
export function HistoryResults({ adminId, query }: { adminId: string; query: string }) {
  const { t } = useLingui()
  const search = useHistorySearch(query)
  const found = search.state === 'loading' || search.state === 'done' ? search : null
  const held = useHeldPackages(found?.packages.map((pkg) => pkg.id) ?? [])
  const write = useDeviceWrite()
  const navigate = useNavigate()
  const lang = useLang()

  const older = found?.packages.filter((pkg) => held && !held.has(pkg.id)) ?? []
  const ownerOf = (pkg: PackageRow) => found?.profiles.find((profile): profile is Extract<PulledProfile, { email: string | null }> => profile.id === pkg.user_id && profile.deleted_at === null)

  async function open(pkg: PackageRow) {
    const kept = await write(() => keepFetched(adminId, { packages: [pkg], opened: [pkg.id] }))
    if (kept) navigate(`${paths.page(lang, 'adminPanel')}?${new URLSearchParams({ customer: pkg.user_id, q: ownerOf(pkg)?.email ?? '' })}`)
  }

  return (
    <HistorySection
      query={query}
      search={search}
      heading={t`In the whole history`}
      found={
        older.length === 0 ? null : (
          <DataTable columns={[<Trans key="tracking">Tracking code</Trans>, <Trans key="customer">Customer</Trans>, <Trans key="status">Status</Trans>, <Trans key="updated">Updated</Trans>, <Trans key="open">Open</Trans>]}>
            {older.map((pkg) => {
              const name = pkg.tracking_code ?? t`no tracking`
              return (
                <tr key={pkg.id} data-testid="history-row">
                  <td className="px-4 py-3">
                    <span className="font-mono font-semibold">{name}</span> <FromHistoryMark />
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
        )
      }
    />
  )
}
