import { Trans, useLingui } from '@lingui/react/macro'
import { useDeferredValue, useState } from 'react'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { ShipmentStatusBadge, shipmentStatusLabels } from '@/components/shipment-status'
import { SelectField, TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import { useBalances } from '@/local-db/account'
import { useShipmentQueue, type ShipmentQueueFilter } from '@/local-db/admin-queries'
import { shipmentStatuses, type ShipmentStatus } from '@/local-db/rows'
import { Unpaid } from '../money/unpaid'
import { Pager } from '../pager'
import { DataTable } from '../area/data-table'
import { useDirectory } from '@/local-db/directory'

const pageSize = 50
const openStatuses = shipmentStatuses.filter((status) => status !== 'delivered' && status !== 'cancelled')

/** The warehouse's shipments to work on, oldest first, by state, with search. */
export function ShipmentsPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [status, setStatus] = useState<ShipmentQueueFilter['status']>('open')
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const queue = useShipmentQueue({ status, search: useDeferredValue(search) }, offset, pageSize)
  const owners = useDirectory()
  const balances = useBalances(queue?.rows.map((shipment) => shipment.user_id) ?? [])
  const count = (value: ShipmentQueueFilter['status']) => i18n.number(queue ? (value === 'open' ? openStatuses.reduce((sum, open) => sum + queue.counts[open], 0) : queue.counts[value]) : 0)

  const openCount = count('open')

  return (
    <>
      <PageMeta title={t`Shipments`} description={t`Shipments to process.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Shipments</Trans>
      </h1>
      <div className="grid gap-4 sm:grid-cols-[18rem_1fr]">
        <SelectField
          label={t`State`}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ShipmentQueueFilter['status'])
            setOffset(0)
          }}
        >
          <option value="open">{t`Open (${openCount})`}</option>
          {shipmentStatuses.map((value: ShipmentStatus) => (
            <option key={value} value={value}>
              {i18n._(shipmentStatusLabels[value])} ({count(value)})
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Search by locker code, customer or tracking number`}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setOffset(0)
          }}
        />
      </div>
      {!queue ? (
        <Spinner label={t`Loading shipments…`} />
      ) : queue.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>No shipment matches.</Trans>
        </p>
      ) : (
        <DataTable columns={[<Trans key="requested">Requested</Trans>, <Trans key="customer">Customer</Trans>, <Trans key="packages">Packages</Trans>, <Trans key="state">State</Trans>, <Trans key="price">Price</Trans>]}>
          {queue.rows.map((shipment) => {
            const owner = owners?.get(shipment.user_id)
            return (
              <tr key={shipment.id} data-testid="shipment-row">
                <td className="px-4 py-3">
                  <Link to={shipmentPaths.desk(shipment.id)} className="font-semibold text-brand-700 underline dark:text-brand-100">
                    {formatDateTime(shipment.created_at, lang)}
                  </Link>
                </td>
                <td className="px-4 py-3">{owner?.email}</td>
                <td className="px-4 py-3 tabular-nums">{shipment.package_ids.length}</td>
                <td className="px-4 py-3">
                  <ShipmentStatusBadge status={shipment.status} />
                  {shipment.pendingOps > 0 && <span className="ml-2 text-xs text-amber-800 dark:text-amber-300">{t`waiting to be sent`}</span>}
                  {(shipment.refused || shipment.conflict) && <span className="ml-2 text-xs font-semibold text-red-700 dark:text-red-400">{t`needs you`}</span>}
                </td>
                <td className="px-4 py-3 tabular-nums">
                  {formatUsd(shipment.final_cents ?? shipment.estimate_cents)}
                  <Unpaid cents={balances?.get(shipment.user_id)} />
                </td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {queue && <Pager offset={offset} pageSize={pageSize} total={queue.total} onOffset={setOffset} />}
    </>
  )
}
