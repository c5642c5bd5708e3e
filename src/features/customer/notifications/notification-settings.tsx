import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useState } from 'react'
import { useDeviceWrite } from '@/components/use-device-write'
import type { NotificationKind } from '@/local-db/rows'
import { usePushMuted } from '@/local-db/queries'
import { queuePushPreferences } from '@/outbox/queue-notifications'
import { PushSwitch } from './push-switch'

/** What the customer chooses to have pushed, a choice that may cover more than one kind. */
const choices: { kinds: NotificationKind[]; label: MessageDescriptor }[] = [
  { kinds: ['package_received'], label: msg`A package arrives at the warehouse` },
  { kinds: ['package_status'], label: msg`A package changes status` },
  { kinds: ['shipment_awaiting_approval'], label: msg`A shipment awaits my approval` },
  { kinds: ['shipment_shipped'], label: msg`A shipment is on its way` },
  { kinds: ['storage_ending', 'storage_last_day'], label: msg`Free storage is ending` },
  { kinds: ['payment_received', 'charge_due'], label: msg`A payment is received, or a charge is due` },
]

/** The customer's notification settings: push on this device, and which kinds are pushed (saved through the outbox). */
export function NotificationSettings({ userId }: { userId: string }) {
  const { i18n } = useLingui()
  const saved = usePushMuted(userId)
  // A choice shows at once, until the device's copy brings it (or it could not be saved there).
  const [chosen, setChosen] = useState<{ over: typeof saved; muted: readonly NotificationKind[] } | null>(null)
  const muted = chosen && chosen.over === saved ? chosen.muted : saved
  const write = useDeviceWrite()
  const toggle = (kinds: NotificationKind[], pushed: boolean) => {
    const rest = (muted ?? []).filter((kind) => !kinds.includes(kind))
    const next = pushed ? rest : [...rest, ...kinds]
    setChosen({ over: saved, muted: next })
    void write(() => queuePushPreferences(userId, next)).then((done) => done || setChosen(null))
  }
  return (
    <section aria-labelledby="notification-settings-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="notification-settings-heading" className="text-lg font-bold">
        <Trans>Notifications</Trans>
      </h2>
      <PushSwitch userId={userId} />
      <fieldset className="space-y-2" disabled={muted === undefined}>
        <legend className="text-sm font-semibold">
          <Trans>Push to my devices when</Trans>
        </legend>
        {choices.map(({ kinds, label }) => (
          <label key={kinds[0]} className="flex items-center gap-3 text-sm">
            <input type="checkbox" className="size-4" checked={!kinds.some((kind) => muted?.includes(kind))} onChange={(event) => toggle(kinds, event.target.checked)} />
            {i18n._(label)}
          </label>
        ))}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <Trans>The bell at the top always has them all.</Trans>
        </p>
      </fieldset>
    </section>
  )
}
