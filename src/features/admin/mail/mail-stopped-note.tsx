import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Link } from '@/components/links'
import { formatDateTime } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { fetchSuppressionOf, type MailSuppression } from '@/remote/mail-admin'
import { useConnectivityStore } from '@/stores/connectivity-store'

/** Says that nothing is mailed to the customer any more, why and since when, with the way to the Mail page. */
export function MailStopped({ suppression }: { suppression: MailSuppression }) {
  const { t } = useLingui()
  const lang = useLang()
  const reason = suppression.reason === 'complaint' ? t`they marked a mail as spam` : t`their mailbox refused a mail for good`
  const since = formatDateTime(suppression.created_at, lang)
  return (
    <p role="status" data-testid="mail-stopped" className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <Trans>
        No mail goes to {suppression.address}: {reason} ({since}).
      </Trans>{' '}
      <Link to={paths.admin('mail')} className="font-semibold underline">
        <Trans>See Mail</Trans>
      </Link>
    </p>
  )
}

/** On the customer at the desk: their mail's suppression, read when online; nothing when none. */
export function MailStoppedNote({ customerId }: { customerId: string }) {
  const reachable = useConnectivityStore((state) => state.reachable)
  const [found, setFound] = useState<{ customerId: string; suppression: MailSuppression } | null>(null)

  useEffect(() => {
    if (!reachable) return
    const controller = new AbortController()
    fetchSuppressionOf(customerId, controller.signal)
      .then((suppression) => setFound(suppression ? { customerId, suppression } : null))
      // Not now: the desk works without it, and it is read again when the customer is opened.
      .catch(() => undefined)
    return () => controller.abort()
  }, [customerId, reachable])

  return found?.customerId === customerId ? <MailStopped suppression={found.suppression} /> : null
}
