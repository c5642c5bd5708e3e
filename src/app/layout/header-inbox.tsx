import { lazy, Suspense } from 'react'
import { useLang } from '@/i18n/paths'
import { WithAccountStrings } from './with-account-strings'

const InboxButton = lazy(async () => ({ default: (await import('@/features/customer/notifications/inbox-button')).InboxButton }))

/** The notifications bell with its strings, in the header's bar for signed-in customers. */
export function HeaderInbox() {
  const lang = useLang()
  return (
    <Suspense>
      <WithAccountStrings lang={lang}>
        <InboxButton />
      </WithAccountStrings>
    </Suspense>
  )
}
