import { Trans, useLingui } from '@lingui/react/macro'
import { useSearchParams } from 'react-router'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { paths } from '@/i18n/paths'
import { useCustomer, type Customer } from '@/local-db/directory'
import { useSyncedAt } from '@/local-db/queries'
import { useSessionUser } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { ConnectionStatus } from '../connection-status'
import { OutboxButton } from '../outbox-dialog'
import { MailStoppedNote } from '../mail/mail-stopped-note'
import { CustomerAccount } from '../money/customer-account'
import { CustomerPackages } from './customer-packages'
import { CustomerFinder } from './customer-finder'
import { RegisterPackageForm } from './register-package-form'
import { useOpenedCustomer } from './use-opened-customer'

/**
 * SPEC's package tool: find a customer, register packages for them, change statuses, copy tokens.
 * Everything reads the admin's local copy and writes through the outbox: a dropped connection
 * changes nothing on this screen but the badge count. The found customer is kept in the URL.
 */
export function AdminPanelPage() {
  const { t } = useLingui()
  const admin = useSessionUser()!
  const [params, setParams] = useSearchParams()
  const customerId = params.get('customer')
  const customer = useCustomer(customerId) ?? null
  const profile = useOpenedCustomer(admin.id, customer?.id ?? null)
  const syncError = useSyncStatusStore((state) => state.error)
  const directorySyncedAt = useSyncedAt(admin.id, 'directory')

  const onFound = (found: Customer | null, query: string) => setParams(found ? { customer: found.id, q: query } : { q: query }, { replace: true })

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <PageMeta title={t`Package tool`} description={t`Register packages and change their status, online or not.`} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">
          <Trans>Package tool</Trans>
        </h1>
        <div className="ml-auto flex items-center gap-3">
          <ConnectionStatus />
          <OutboxButton userId={admin.id} />
          <Link to={paths.admin()} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
            <Trans>Admin area</Trans>
          </Link>
        </div>
      </div>
      {syncError && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <Trans>Error loading packages: {syncError}</Trans>
        </p>
      )}
      <CustomerFinder ownerId={admin.id} initialQuery={params.get('q') ?? ''} directoryLoading={directorySyncedAt === null} onFound={onFound} />
      {customer && (
        <div data-testid="found-customer" className="rounded-xl bg-brand-50 p-4 text-sm dark:bg-slate-800">
          <p className="font-semibold">{customer.full_name || customer.email}</p>
          <p>
            {customer.email} · <span className="font-mono">{customer.locker_code}</span>
            {customer.phone && ` · ${customer.phone}`}
          </p>
          {profile && (profile.city || profile.country) && <p>{[profile.delivery_address, profile.city, profile.country].filter(Boolean).join(', ')}</p>}
          <MailStoppedNote customerId={customer.id} />
        </div>
      )}
      <RegisterPackageForm adminId={admin.id} customer={customer} onCustomer={(found) => onFound(found, found.email ?? '')} />
      {customer && <CustomerPackages adminId={admin.id} customer={customer} />}
      {customer && <CustomerAccount adminId={admin.id} customerId={customer.id} name={customer.full_name || customer.email || ''} />}
    </div>
  )
}
