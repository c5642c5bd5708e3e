import { Trans, useLingui } from '@lingui/react/macro'
import { useDeviceWrite } from '@/components/use-device-write'
import { useState } from 'react'
import { mutedWith, useMutedKinds, type MutedKinds } from '@/local-db/notification-preferences'
import type { MailKind, NotificationChannel, NotificationKind } from '@/local-db/rows'
import { queueNotificationPreference } from '@/outbox/queue-notifications'
import { preferenceRows, type PreferenceRow } from './preference-rows'

const alwaysMailedNote = 'always-mailed-note'

/**
 * What the customer is told of, kind by kind, in the app, by push and by email: each box is one
 * choice, saved on the device at once and sent through the outbox (offline too). Receipts and
 * account mail always go, and say why.
 */
export function NotificationPreferencesTable({ userId }: { userId: string }) {
  const { t, i18n } = useLingui()
  const saved = useMutedKinds(userId)
  // A choice shows at once, until the device's copy brings it (or it could not be saved there).
  const [chosen, setChosen] = useState<{ over: MutedKinds | undefined; muted: MutedKinds } | null>(null)
  const muted = chosen && chosen.over === saved ? chosen.muted : saved
  const write = useDeviceWrite()
  const choose = (channel: NotificationChannel, kinds: readonly (NotificationKind | MailKind)[], on: boolean) => {
    if (!muted) return
    setChosen({ over: saved, muted: { ...muted, [channel]: mutedWith(muted[channel] as readonly string[], kinds, on) } })
    void write(() => queueNotificationPreference(userId, channel, kinds, on)).then((done) => done || setChosen(null))
  }
  const channels: { id: NotificationChannel; label: string }[] = [
    { id: 'in_app', label: t`In the app` },
    { id: 'push', label: t`Push` },
    { id: 'mail', label: t`Email` },
  ]

  function cell(row: PreferenceRow, channel: (typeof channels)[number]) {
    const label = `${i18n._(row.label)}: ${channel.label}`
    const kinds = channel.id === 'mail' ? row.mail : row.notification
    if (kinds === 'always') return <input type="checkbox" className="size-4" aria-label={label} aria-describedby={alwaysMailedNote} checked disabled readOnly />
    if (kinds.length === 0)
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">
            <Trans>Not sent this way</Trans>
          </span>
        </>
      )
    const on = muted !== undefined && !kinds.some((kind) => (muted[channel.id] as readonly string[]).includes(kind))
    return (
      <input
        type="checkbox"
        className="size-4"
        aria-label={label}
        checked={on}
        disabled={muted === undefined}
        onChange={(event) => choose(channel.id, kinds, event.target.checked)}
      />
    )
  }

  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold">
            <Trans>Tell me when</Trans>
          </caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 text-left font-normal">
                <span className="sr-only">
                  <Trans>What happens</Trans>
                </span>
              </th>
              {channels.map((channel) => (
                <th key={channel.id} scope="col" className="px-2 py-2 text-center font-semibold">
                  {channel.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preferenceRows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {i18n._(row.label)}
                  {row.note && <span className="block text-xs text-slate-600 dark:text-slate-400">{i18n._(row.note)}</span>}
                </th>
                {channels.map((channel) => (
                  <td key={channel.id} className="px-2 py-2 text-center">
                    {cell(row, channel)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id={alwaysMailedNote} className="text-xs text-slate-600 dark:text-slate-400">
        <Trans>Receipts and account emails always go: they are your record of what you paid, and they keep your account safe.</Trans>
      </p>
    </div>
  )
}
