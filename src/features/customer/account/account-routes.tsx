import { Trans } from '@lingui/react/macro'
import { useRoutes } from 'react-router'
import { Link } from '@/components/links'
import { dashboardTabPath } from '@/i18n/dashboard-tabs'
import { useLang } from '@/i18n/paths'
import { ReceiptPage } from './receipt-page'
import { StatementPage } from './statement-page'

/** The screens under the account tab (`account/statement`, `account/receipts/:entryId`), routed here so the app's route table carries one entry for them. */
export function AccountRoutes() {
  const lang = useLang()
  return useRoutes([
    { path: 'statement', element: <StatementPage /> },
    { path: 'receipts/:entryId', element: <ReceiptPage /> },
    {
      path: '*',
      element: (
        <p className="mx-auto max-w-5xl px-4 py-8">
          <Link to={dashboardTabPath(lang, 'account')} className="font-semibold text-brand-700 underline dark:text-brand-100">
            <Trans>Back to my account</Trans>
          </Link>
        </p>
      ),
    },
  ])
}
