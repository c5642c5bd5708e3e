import { useEffect } from 'react'
import { useNotifications } from '@/local-db/queries'
import { showAppBadge } from '@/platform/app-badge'

/** Keeps the installed app's icon showing the unread count while a page is open (the service worker sets it when a push arrives). */
export function AppBadge() {
  const notifications = useNotifications()
  const unread = notifications?.filter((notification) => notification.read_at === null).length
  useEffect(() => {
    if (unread !== undefined) void showAppBadge(unread)
  }, [unread])
  return null
}
