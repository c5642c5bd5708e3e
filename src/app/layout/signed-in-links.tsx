import { Trans } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'
import { HeaderInbox } from './header-inbox'
import { SignOut } from './sign-out'

/** My Locker (and the admin panel for admins) and logout; in the header's bar, a customer's bell too (see AccountLinks). */
export function SignedInLinks({ admin, bar }: { admin: boolean; bar: boolean }) {
  const lang = useLang()
  return (
    <>
      {bar && !admin && <HeaderInbox />}
      <div className={bar ? 'hidden items-center gap-2 md:flex' : 'contents'}>
        {admin && (
          <Link to={paths.page(lang, 'adminPanel')} className={buttonClasses('ghost')}>
            <Trans>Admin</Trans>
          </Link>
        )}
        <Link to={paths.page(lang, 'dashboard')} className={buttonClasses('secondary')}>
          <Trans>My Locker</Trans>
        </Link>
        <SignOut />
      </div>
    </>
  )
}
