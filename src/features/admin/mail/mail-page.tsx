import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { PageMeta } from '@/components/page-meta'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useDirectory } from '@/local-db/directory'
import { fetchMailTrouble, liftMailSuppression, retryMail, type MailTrouble } from '@/remote/mail-admin'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { MailTroubleLists } from './mail-trouble-lists'

/**
 * /admin/mail ("Correo"): the mail the sender gave up on, to queue again, and the addresses that no
 * longer take mail (a hard bounce, a complaint), to lift. Read from the server when opened online and
 * after each action; nothing of it is kept on the device (it is only worth acting on online).
 */
export function MailPage() {
  const { t, i18n } = useLingui()
  const reachable = useConnectivityStore((state) => state.reachable)
  const directory = useDirectory()
  const [trouble, setTrouble] = useState<MailTrouble | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
  const [reads, setReads] = useState(0)

  useEffect(() => {
    if (!reachable) return
    const controller = new AbortController()
    fetchMailTrouble(controller.signal)
      .then((read) => {
        setTrouble(read)
        setFailure(null)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorText(i18n, error))
      })
    return () => controller.abort()
  }, [reachable, reads, i18n])

  const act = async (id: string, action: () => Promise<void>, doneText: string) => {
    setBusyId(id)
    setDone(null)
    try {
      await action()
      setDone(doneText)
      setFailure(null)
    } catch (error) {
      setFailure(errorText(i18n, error))
    } finally {
      setBusyId(null)
      setReads((count) => count + 1)
    }
  }
  const customerOf = (userId: string | null) => {
    const customer = userId ? directory?.get(userId) : undefined
    return customer ? [customer.full_name, customer.locker_code].filter(Boolean).join(' · ') || null : null
  }

  return (
    <>
      <PageMeta title={t`Mail`} description={t`Mail that failed, and addresses that no longer take mail.`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          <Trans>Mail</Trans>
        </h1>
        <Button variant="secondary" disabled={!reachable} onClick={() => setReads((count) => count + 1)}>
          <Trans>Reload</Trans>
        </Button>
      </div>
      <div aria-live="polite" className="space-y-2">
        {!reachable && <p className="text-sm text-slate-600 dark:text-slate-400">{t`Offline: the mail lists need a connection.`}</p>}
        {done && <p className="text-sm text-green-700 dark:text-green-400">{done}</p>}
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            <Trans>That did not work: {failure}</Trans>
          </p>
        )}
      </div>
      {trouble ? (
        <MailTroubleLists
          trouble={trouble}
          customerOf={customerOf}
          busyId={busyId}
          canAct={reachable && busyId === null}
          onRetry={(mail) => void act(mail.id, () => retryMail(mail.id), t`The mail to ${mail.address} is queued again.`)}
          onLift={(suppression) => void act(suppression.id, () => liftMailSuppression(suppression.id), t`Mail goes to ${suppression.address} again.`)}
        />
      ) : (
        reachable && !failure && <Spinner label={t`Loading the mail lists…`} />
      )}
    </>
  )
}
