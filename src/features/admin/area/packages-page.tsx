import { Trans, useLingui } from '@lingui/react/macro'
import { useDeferredValue, useRef, useState } from 'react'
import { PageMeta } from '@/components/page-meta'
import { StorageCountdown } from '@/components/storage-countdown'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { packageIdsMatching, useLeavingPackages, usePackagesPage, type PackageFilter } from '@/local-db/admin-queries'
import { isPackageStatus, type PackageStatus } from '@/local-db/rows'
import { useOpStates } from '@/outbox/queries'
import { queueStatusChanges } from '@/outbox/queue'
import { useSessionUser } from '@/stores/session-store'
import { showToast } from '@/stores/toast-store'
import { PackageMarker } from '../package-marker'
import { HistoryResults } from '../history/history-results'
import { Pager } from '../pager'
import { PackagePhotosButton } from '../package-photos'
import { RowStatusSelect, StatusOptions } from '../status-select'
import { DataTable } from './data-table'
import { useDirectory } from '@/local-db/directory'

const pageSize = 50
const storageEnding = 'storage-ending'
const statusFilterOf = (value: string): PackageFilter['status'] => (isPackageStatus(value) ? value : value === storageEnding ? storageEnding : null)

/**
 * The packages on this device (the desk's working set), filtered by status (or free storage ending) and searched by tracking code, locker code or
 * customer email,
 * followed by the matches in the whole history on the server. Several (or every match) can be moved to one status at once: one queued op per package.
 */
export function PackagesPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const admin = useSessionUser()!
  const [status, setStatus] = useState<PackageFilter['status']>(null)
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [bulkStatus, setBulkStatus] = useState<PackageStatus>('transito')
  const [busy, setBusy] = useState(false)
  const filter: PackageFilter = { status, search: useDeferredValue(search) }
  const page = usePackagesPage(filter, offset, pageSize)
  const owners = useDirectory()
  const leaving = useLeavingPackages()
  const states = useOpStates()
  const write = useDeviceWrite()
  /** Bumped whenever the list's filter changes: a selection worked out for an older filter is not applied. */
  const filterEpoch = useRef(0)

  const refilter = (change: () => void) => {
    change()
    filterEpoch.current += 1
    setOffset(0)
    setSelected(new Set())
  }
  async function selectAllMatching() {
    const epoch = filterEpoch.current
    const ids = await packageIdsMatching(filter)
    if (epoch === filterEpoch.current) setSelected(new Set(ids))
  }
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const pageIds = page?.rows.map((pkg) => pkg.id) ?? []
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const toggleWholePage = () =>
    setSelected((current) => {
      const next = new Set(current)
      for (const id of pageIds) {
        if (wholePageSelected) next.delete(id)
        else next.add(id)
      }
      return next
    })

  async function applyBulk() {
    setBusy(true)
    let changed = 0
    const saved = await write(async () => (changed = await queueStatusChanges(admin.id, [...selected], bulkStatus)))
    setBusy(false)
    if (!saved) return
    const count = i18n.number(changed)
    showToast({ title: t`${count} packages changed`, description: t`They are sent to the server in order, as soon as it answers.`, variant: 'success' })
    setSelected(new Set())
  }

  return (
    <>
      <PageMeta title={t`Packages`} description={t`Every package in the warehouse.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Packages</Trans>
      </h1>
      <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
        <SelectField label={t`Status`} value={status ?? ''} onChange={(event) => refilter(() => setStatus(statusFilterOf(event.target.value)))}>
          <option value="">{t`All statuses`}</option>
          <StatusOptions />
          <option value={storageEnding}>{t`Storage ending`}</option>
        </SelectField>
        <TextField label={t`Search by tracking code, locker or customer email`} type="search" value={search} onChange={(event) => refilter(() => setSearch(event.target.value))} />
      </div>

      <div role="group" aria-label={t`Change the status of the selected packages`} className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="self-center text-sm font-semibold" data-testid="selected-count">
          <Trans>{i18n.number(selected.size)} selected</Trans>
        </p>
        {page && page.total > selected.size && (
          <Button variant="secondary" onClick={() => void selectAllMatching()}>
            <Trans>Select all {i18n.number(page.total)} matching</Trans>
          </Button>
        )}
        {selected.size > 0 && (
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            <Trans>Clear selection</Trans>
          </Button>
        )}
        <div className="ml-auto flex flex-wrap items-end gap-2">
          <SelectField label={t`New status`} value={bulkStatus} onChange={(event) => isPackageStatus(event.target.value) && setBulkStatus(event.target.value)}>
            <StatusOptions />
          </SelectField>
          <Button busy={busy} disabled={selected.size === 0} onClick={() => void applyBulk()}>
            <Trans>Change status</Trans>
          </Button>
        </div>
      </div>

      {!page ? (
        <Spinner label={t`Loading packages…`} />
      ) : page.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>No package matches these filters.</Trans>
        </p>
      ) : (
        <DataTable
          columns={[
            <input key="select" type="checkbox" aria-label={t`Select this page`} checked={wholePageSelected} onChange={toggleWholePage} />,
            <Trans key="tracking">Tracking code</Trans>,
            <Trans key="customer">Customer</Trans>,
            <Trans key="status">Status</Trans>,
            <Trans key="updated">Updated</Trans>,
          ]}
        >
          {page.rows.map((pkg) => {
            const name = pkg.tracking_code ?? t`no tracking`
            return (
              <tr key={pkg.id} data-testid="package-row">
                <td className="px-4 py-3">
                  <input type="checkbox" aria-label={t`Select ${name}`} checked={selected.has(pkg.id)} onChange={() => toggle(pkg.id)} />
                </td>
                <td className="px-4 py-3">
                  <span className="font-mono font-semibold">{name}</span> <PackageMarker pkg={pkg} state={states?.get(pkg.id)} />
                  <div className="mt-1">
                    <PackagePhotosButton adminId={admin.id} pkg={pkg} />
                  </div>
                </td>
                <td className="px-4 py-3">
                  <span className="font-mono">{pkg.locker_code}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{owners?.get(pkg.user_id)?.email}</span>
                </td>
                <td className="px-4 py-3">
                  <RowStatusSelect aria-label={t`Status of ${name}`} value={pkg.status} onStatus={(next) => void write(() => queueStatusChanges(admin.id, [pkg.id], next))} />
                  <StorageCountdown pkg={pkg} plan={owners?.get(pkg.user_id)?.plan} shipmentStatus={leaving?.get(pkg.id)} />
                </td>
                <td className="px-4 py-3 text-slate-600 dark:text-slate-400">{formatDateTime(pkg.updated_at, lang)}</td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {page && <Pager offset={offset} pageSize={pageSize} total={page.total} onOffset={setOffset} />}
      {status === null && <HistoryResults adminId={admin.id} query={filter.search} />}
    </>
  )
}
