import { lazy, Suspense } from 'react'
import { useLang } from '@/i18n/paths'
import { WithAccountStrings } from './with-account-strings'

const InboxButton = lazy(async () => ({ default: (await import('@/features/customer/notifications/inbox-button')).InboxButton }))
const AppBadge = lazy(async () => ({ default: (await import('./app-badge')).AppBadge }))

/** The notifications bell with its strings, in the header's bar for signed-in customers, and the app icon's count of the same. */
export function HeaderInbox() {
  const lang = useLang()
  return (
    <Suspense>
      <WithAccountStrings lang={lang}>
        <InboxButton />
        <AppBadge />
      </WithAccountStrings>
    </Suspense>
  )
}
