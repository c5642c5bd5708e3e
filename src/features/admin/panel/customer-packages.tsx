import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ShowMore } from '@/components/ui/show-more'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDateTime, formatMeasure } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useCustomerPackages } from '@/local-db/admin-queries'
import type { Customer } from '@/local-db/directory'
import type { LocalPackage } from '@/local-db/queries'
import { useOpStates, type OpState } from '@/outbox/queries'
import { queueStatusChanges } from '@/outbox/queue'
import { showToast } from '@/stores/toast-store'
import { PackageMarker } from '../package-marker'
import { PackagePhotosButton } from '../package-photos'
import { RowStatusSelect } from '../status-select'

const perPage = 50

/** The found customer's packages, newest first: change a status, copy the public tracking token. */
export function CustomerPackages({ adminId, customer }: { adminId: string; customer: Customer }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(perPage)
  const page = useCustomerPackages(customer.id, shown)
  const states = useOpStates()
  return (
    <section aria-labelledby="customer-packages-heading" className="space-y-3">
      <h2 id="customer-packages-heading" className="text-lg font-bold">
        <Trans>Packages of {customer.full_name || customer.email}</Trans>
      </h2>
      {!page ? (
        <Spinner label={t`Loading packages…`} />
      ) : page.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>This customer has no packages yet.</Trans>
        </p>
      ) : (
        <>
          <ul className="space-y-2">
            {page.rows.map((pkg) => (
              <CustomerPackageRow key={pkg.id} adminId={adminId} pkg={pkg} state={states?.get(pkg.id)} />
            ))}
          </ul>
          <ShowMore shown={page.rows.length} total={page.total} onMore={() => setShown((count) => count + perPage)} />
        </>
      )}
    </section>
  )
}

function CustomerPackageRow({ adminId, pkg, state }: { adminId: string; pkg: LocalPackage; state: OpState | undefined }) {
  const { t } = useLingui()
  const lang = useLang()
  const write = useDeviceWrite()
  const name = pkg.tracking_code ?? t`no tracking`

  async function copyToken() {
    try {
      await navigator.clipboard.writeText(pkg.public_token)
      showToast({ title: t`Token copied!`, variant: 'success' })
    } catch {
      showToast({ title: t`Could not copy. Select the token and copy it by hand.`, description: pkg.public_token, variant: 'destructive' })
    }
  }

  return (
    <li data-testid="admin-package" className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{name}</span>
          <PackageMarker pkg={pkg} state={state} />
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {formatMeasure(pkg.weight_kg, 'kg', lang)} · {formatMeasure(pkg.volume_m3, 'm³', lang)} · {formatDateTime(pkg.created_at, lang)}
        </p>
        <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400" title={pkg.public_token}>
          {pkg.public_token}
        </p>
      </div>
      <RowStatusSelect aria-label={t`Status of ${name}`} value={pkg.status} onStatus={(status) => void write(() => queueStatusChanges(adminId, [pkg.id], status))} />
      <PackagePhotosButton adminId={adminId} pkg={pkg} />
      <Button variant="secondary" onClick={() => void copyToken()} aria-label={t`Copy the tracking token of ${name}`}>
        <Trans>Copy token</Trans>
      </Button>
    </li>
  )
}
