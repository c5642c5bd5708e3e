import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from 'react-router'
import { businessAddress, businessInfo } from '@/components/business-info'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { methodLabels } from '@/components/statement/line-text'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { accountPaths } from '@/i18n/account-paths'
import { formatDateTime, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useAccountEntry } from '@/local-db/account'
import { useProfile } from '@/local-db/queries'
import { useSessionUser } from '@/stores/session-store'

/** A payment's receipt, from this device: printed alone (index.css), so the browser makes its PDF. */
export function ReceiptPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const { entryId = '' } = useParams()
  const user = useSessionUser()!
  const profile = useProfile(user.id)
  const entry = useAccountEntry(entryId)
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <PageMeta title={t`Receipt`} description={t`A payment's receipt, to print or keep.`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={accountPaths.statement(lang)} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
          <Trans>Back to the statement</Trans>
        </Link>
        {entry && (
          <Button variant="secondary" onClick={() => window.print()}>
            <Trans>Print</Trans>
          </Button>
        )}
      </div>
      {entry === undefined ? (
        <Spinner label={t`Loading the receipt…`} />
      ) : entry === null || entry.kind !== 'payment' ? (
        <p role="alert" className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700">
          <Trans>This receipt is not on this device: it may belong to another account.</Trans>
        </p>
      ) : (
        <article data-testid="receipt" className="print-alone space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <header className="space-y-1">
            <p className="text-xl font-extrabold">{businessInfo.name}</p>
            <p className="text-sm">{businessAddress}</p>
            <p className="text-sm">
              {businessInfo.phone} · {businessInfo.email}
            </p>
          </header>
          <h1 className="text-2xl font-bold">
            <Trans>Receipt no. {entry.receipt_number}</Trans>
          </h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-medium">{t`Date`}</dt>
            <dd>{formatDateTime(entry.created_at, lang)}</dd>
            <dt className="font-medium">{t`Customer`}</dt>
            <dd>
              {profile?.full_name} · <span className="font-mono">{profile?.locker_code}</span>
            </dd>
            <dt className="font-medium">{t`Method`}</dt>
            <dd>{entry.method ? i18n._(methodLabels[entry.method]) : '—'}</dd>
            <dt className="font-medium">{t`Reference`}</dt>
            <dd className="break-all">{entry.reference ?? '—'}</dd>
            <dt className="font-medium">{t`Amount paid`}</dt>
            <dd data-testid="receipt-amount" className="text-lg font-bold tabular-nums">
              {formatUsd(-entry.amount_cents)} {entry.currency}
            </dd>
            <dt className="font-medium">{t`Balance after`}</dt>
            <dd className="tabular-nums">{formatUsd(entry.balance_after_cents)}</dd>
          </dl>
        </article>
      )}
    </div>
  )
}
