import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths, useLang } from '@/i18n/paths'

/** Signed out: login and create-mailbox. */
export function AccountLinks() {
  const lang = useLang()
  return (
    <>
      <Link to={paths.page(lang, 'login')} className={buttonClasses('ghost')}>
        <Trans>Log in</Trans>
      </Link>
      <Link to={paths.page(lang, 'signup')} className={buttonClasses('primary')}>
        <Trans>Create mailbox</Trans>
      </Link>
    </>
  )
}
