import { useLingui } from '@lingui/react/macro'
import { privacySections } from '../content/legal-sections'
import { LegalPage } from './legal-page'

export function PrivacyPage() {
  const { t } = useLingui()
  return <LegalPage title={t`Privacy policy`} description={t`What data we keep about you, why, and what you can do about it.`} sections={privacySections} />
}
