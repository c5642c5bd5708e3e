import { Trans } from '@lingui/react/macro'
import { NotificationPreferencesTable } from './notification-preferences-table'
import { PushSwitch } from './push-switch'

/** The customer's notification settings: push on this device, and what they are told of on each channel. */
export function NotificationSettings({ userId }: { userId: string }) {
  return (
    <section aria-labelledby="notification-settings-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="notification-settings-heading" className="text-lg font-bold">
        <Trans>Notifications</Trans>
      </h2>
      <PushSwitch userId={userId} />
      <NotificationPreferencesTable userId={userId} />
    </section>
  )
}
