import { Trans, useLingui } from '@lingui/react/macro'
import { useSearchParams } from 'react-router'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { BalanceFigure, StatementView } from '@/components/statement/statement-view'
import { Spinner } from '@/components/ui/spinner'
import { accountPaths } from '@/i18n/account-paths'
import { dashboardTabPath } from '@/i18n/dashboard-tabs'
import { useLang } from '@/i18n/paths'
import { useStatement, type StatementLine } from '@/local-db/account'
import { useSessionUser } from '@/stores/session-store'
import { PayForm } from './pay-form'

/** What coming back from Stripe's checkout says. */
function CheckoutReturn() {
  const [params] = useSearchParams()
  const checkout = params.get('checkout')
  if (checkout !== 'success' && checkout !== 'cancelled') return null
  return (
    <p role="status" data-testid="checkout-return" className={`rounded-xl border p-4 font-medium ${checkout === 'success' ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950' : 'border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-900'}`}>
      {checkout === 'success' ? (
        <Trans>Thank you: your payment went through. It shows here, with its receipt, as soon as it is confirmed.</Trans>
      ) : (
        <Trans>The payment was cancelled: nothing was charged.</Trans>
      )}
    </p>
  )
}

/** The customer's account: what they owe or hold in credit, Pay, and every line, all from this device. */
export function StatementPage() {
  const { t } = useLingui()
  const lang = useLang()
  const user = useSessionUser()!
  const statement = useStatement(user.id)
  const receiptLink = (line: StatementLine) =>
    line.kind === 'payment' && !line.pending ? (
      <Link to={accountPaths.receipt(lang, line.id)} className="block font-semibold text-brand-700 underline dark:text-brand-100">
        <Trans>Receipt</Trans>
      </Link>
    ) : null
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <PageMeta title={t`Statement`} description={t`What you owe, what you paid, line by line.`} />
      <Link to={dashboardTabPath(lang, 'account')} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
        <Trans>Back to my account</Trans>
      </Link>
      <h1 className="text-3xl font-extrabold">
        <Trans>Statement</Trans>
      </h1>
      <CheckoutReturn />
      {statement === undefined ? (
        <Spinner label={t`Loading your statement…`} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <BalanceFigure cents={statement.balanceCents} />
            <PayForm owedCents={statement.balanceCents} />
          </div>
          <StatementView statement={statement} csvName={t`statement`} linkOf={receiptLink} />
        </>
      )}
    </div>
  )
}
