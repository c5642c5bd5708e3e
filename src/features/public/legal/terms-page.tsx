import { useLingui } from '@lingui/react/macro'
import { termsSections } from '../content/legal-sections'
import { LegalPage } from './legal-page'

export function TermsPage() {
  const { t } = useLingui()
  return <LegalPage title={t`Terms and conditions`} description={t`The rules of our mailbox and package-forwarding service.`} sections={termsSections} />
}
