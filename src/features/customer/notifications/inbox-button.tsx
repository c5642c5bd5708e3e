import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '@/components/links'
import { AlertCount, BadgeButton } from '@/components/ui/badge-button'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useDeviceWrite } from '@/components/use-device-write'
import { Spinner } from '@/components/ui/spinner'
import { accountPaths } from '@/i18n/account-paths'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useNotifications } from '@/local-db/queries'
import type { NotificationRow } from '@/local-db/rows'
import { queueNotificationsRead } from '@/outbox/queue-notifications'
import { useSessionUser } from '@/stores/session-store'
import { notificationText } from '@/i18n/notification-text'
import { PushSwitch } from './push-switch'
import { usePushKeptSaved } from './use-push-kept-saved'

const dayOf = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })

/** Notifications by the day they came (the device's day), newest day first. */
function byDay(notifications: NotificationRow[]): [string, NotificationRow[]][] {
  const days = new Map<string, NotificationRow[]>()
  for (const notification of notifications) {
    const day = dayOf.format(new Date(notification.created_at))
    const group = days.get(day)
    if (group) group.push(notification)
    else days.set(day, [notification])
  }
  return [...days]
}

/** The bell: how many notifications are unread, and the inbox they are read in (offline too). */
export function InboxButton() {
  const { t } = useLingui()
  const notifications = useNotifications()
  const user = useSessionUser()
  const [open, setOpen] = useState(false)
  usePushKeptSaved()
  const unread = notifications?.filter((notification) => notification.read_at === null).length ?? 0
  const label = unread > 0 ? t`Notifications: ${unread} unread` : t`Notifications`
  return (
    <>
      <BadgeButton label={label} onClick={() => setOpen(true)} testId="inbox-button" icon={<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />}>
        {unread > 0 && <AlertCount testId="inbox-unread">{unread}</AlertCount>}
      </BadgeButton>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Notifications`}>
        {notifications === undefined ? <Spinner label={t`Loading your notifications…`} /> : <Inbox notifications={notifications} />}
        {user && <PushSwitch userId={user.id} />}
        <button type="button" onClick={() => setOpen(false)} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          <Trans>Close</Trans>
        </button>
      </Dialog>
    </>
  )
}

function Inbox({ notifications }: { notifications: NotificationRow[] }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const user = useSessionUser()
  const write = useDeviceWrite()
  const unread = notifications.filter((notification) => notification.read_at === null).map((notification) => notification.id)
  if (notifications.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
        <Trans>Nothing yet. You will be told here when a package arrives or changes status, and when a shipment needs you.</Trans>
      </p>
    )
  }
  return (
    <div className="space-y-4">
      {user && unread.length > 0 && (
        <Button type="button" onClick={() => void write(() => queueNotificationsRead(user.id))}>
          <Trans>Mark all as read</Trans>
        </Button>
      )}
      {byDay(notifications).map(([day, items]) => (
        <section key={day} className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-400">{new Date(items[0]!.created_at).toLocaleDateString(lang, { dateStyle: 'full' })}</h3>
          <ul className="space-y-2">
            {items.map((notification) => {
              const { title, detail } = notificationText(notification, i18n)
              return (
                <li key={notification.id} data-testid="notification" data-unread={notification.read_at === null} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
                  <p className="font-semibold">
                    {notification.read_at === null && (
                      <span className="mr-2 inline-block size-2 rounded-full bg-brand-600 align-middle" aria-label={t`Unread`} role="img" />
                    )}
                    {title}
                  </p>
                  {detail && <p className="text-sm text-slate-600 dark:text-slate-300">{detail}</p>}
                  <MoneyLink notification={notification} />
                  <p className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(notification.created_at, lang)}</p>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}

/** Where a money notification leads: a payment's receipt, or the statement to pay a charge. */
function MoneyLink({ notification }: { notification: NotificationRow }) {
  const lang = useLang()
  const { kind, payload } = notification
  const to = kind === 'payment_received' && payload.entry_id ? accountPaths.receipt(lang, payload.entry_id) : kind === 'charge_due' ? accountPaths.statement(lang) : null
  if (!to) return null
  return (
    <Link to={to} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
      {kind === 'payment_received' ? <Trans>See the receipt</Trans> : <Trans>Go to my statement</Trans>}
    </Link>
  )
}
