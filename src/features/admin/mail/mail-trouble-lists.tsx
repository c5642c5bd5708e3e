import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { FailedMail, MailSuppression, MailTrouble } from '@/remote/mail-admin'
import { mailKindLabels } from './mail-kind-labels'

interface MailTroubleListsProps {
  trouble: MailTrouble
  /** The customer's name and locker, or null when the row has none the device knows. */
  customerOf: (userId: string | null) => string | null
  /** The row whose action is under way. */
  busyId: string | null
  /** Actions need the server: off while offline or while one is under way. */
  canAct: boolean
  onRetry: (mail: FailedMail) => void
  onLift: (suppression: MailSuppression) => void
}

const cell = 'py-2 pr-3 align-top'

function Section({ id, title, empty, children }: { id: string; title: ReactNode; empty: ReactNode | null; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {empty ? <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p> : <div className="overflow-x-auto">{children}</div>}
    </section>
  )
}

/** The mail that failed for good, each with "Try again", and the addresses that no longer take mail, each with "Lift". */
export function MailTroubleLists({ trouble, customerOf, busyId, canAct, onRetry, onLift }: MailTroubleListsProps) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const reasons = { hard_bounce: t`Hard bounce`, complaint: t`Marked as spam` }
  const who = (userId: string | null, address: string) => {
    const customer = customerOf(userId)
    return customer ? `${address} (${customer})` : address
  }

  return (
    <>
      <Section id="mail-failed" title={<Trans>Mail that failed for good</Trans>} empty={trouble.failed.length === 0 ? <Trans>No mail has failed for good.</Trans> : null}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-700">
              <th className={cell}>{t`Recipient`}</th>
              <th className={cell}>{t`Kind`}</th>
              <th className={`${cell} text-right`}>{t`Attempts`}</th>
              <th className={cell}>{t`Last error`}</th>
              <th className={cell}>{t`Failed`}</th>
              <th className={cell}>
                <span className="sr-only">{t`Action`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {trouble.failed.map((mail) => (
              <tr key={mail.id} data-testid="failed-mail" className="border-b border-slate-100 dark:border-slate-800">
                <td className={`${cell} break-all`}>{who(mail.user_id, mail.address)}</td>
                <td className={cell}>{mailKindLabels[mail.kind] ? i18n._(mailKindLabels[mail.kind]!) : mail.kind}</td>
                <td className={`${cell} text-right tabular-nums`}>{mail.attempts}</td>
                <td className={`${cell} max-w-xs break-words font-mono text-xs`}>{mail.last_error ?? '—'}</td>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(mail.failed_at, lang)}</td>
                <td className={cell}>
                  <Button variant="secondary" busy={busyId === mail.id} disabled={!canAct} aria-label={t`Try again: mail to ${mail.address}`} onClick={() => onRetry(mail)}>
                    <Trans>Try again</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section
        id="mail-suppressed"
        title={<Trans>Addresses that no longer take mail</Trans>}
        empty={trouble.suppressed.length === 0 ? <Trans>Every address takes mail.</Trans> : null}
      >
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          <Trans>Nothing is mailed to these addresses. Lift one once the customer has fixed their mailbox or changed their address.</Trans>
        </p>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-700">
              <th className={cell}>{t`Address`}</th>
              <th className={cell}>{t`Reason`}</th>
              <th className={cell}>{t`Since`}</th>
              <th className={cell}>
                <span className="sr-only">{t`Action`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {trouble.suppressed.map((suppression) => (
              <tr key={suppression.id} data-testid="suppressed-address" className="border-b border-slate-100 dark:border-slate-800">
                <td className={`${cell} break-all`}>{who(suppression.user_id, suppression.address)}</td>
                <td className={cell}>
                  {reasons[suppression.reason]}
                  {suppression.detail && <span className="block text-xs text-slate-500 dark:text-slate-400">{suppression.detail}</span>}
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(suppression.created_at, lang)}</td>
                <td className={cell}>
                  <Button variant="secondary" busy={busyId === suppression.id} disabled={!canAct} aria-label={t`Lift the suppression of ${suppression.address}`} onClick={() => onLift(suppression)}>
                    <Trans>Lift</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  )
}
