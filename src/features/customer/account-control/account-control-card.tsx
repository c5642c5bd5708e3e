import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { useOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'
import { DeleteAccountDialog } from './delete-account-dialog'
import { downloadMyData } from './download-data'

type Busy = 'download' | 'everywhere' | null

/** Ending sessions, which the app passes in (signing out is the auth feature's). */
export interface SessionEnds {
  /** Every device's session, then this one's. */
  everywhere: () => Promise<void>
  /** This device's, once the account is gone: its data wiped, to the goodbye page. */
  afterDeletion: () => Promise<void>
}

/** The customer's control of their account: a copy of their data, signing out on every device, deleting it. Online only. */
export function AccountControlCard({ sessionEnds }: { sessionEnds: SessionEnds }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [busy, setBusy] = useState<Busy>(null)
  const [deleting, setDeleting] = useState(false)

  async function run(which: Exclude<Busy, null>, action: () => Promise<void>, failure: string) {
    setBusy(which)
    try {
      await action()
    } catch (error) {
      showToast({ title: failure, description: errorText(i18n, error), variant: 'destructive' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="account-control-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="account-control-heading" className="text-lg font-bold">
        <Trans>Your data and your account</Trans>
      </h2>
      {!online && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>You are offline: these need a connection.</Trans>
        </p>
      )}
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>A file with your profile, locker, packages, shipments, account lines, notifications and the list of your files.</Trans>
        </p>
        <Button variant="secondary" busy={busy === 'download'} disabled={!online || busy !== null} onClick={() => void run('download', downloadMyData, t`Could not download your data`)}>
          <Trans>Download my data</Trans>
        </Button>
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Ends your session on this and every other device; each one removes its copy of your data when it next connects.</Trans>
        </p>
        <Button variant="secondary" busy={busy === 'everywhere'} disabled={!online || busy !== null} onClick={() => void run('everywhere', sessionEnds.everywhere, t`Could not sign out everywhere`)}>
          <Trans>Sign out everywhere</Trans>
        </Button>
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Removes your name, contact details, addresses, photo and documents, and your sign-in. Packages, shipments and account lines stay with the business, under a deleted customer.</Trans>
        </p>
        <Button variant="danger" disabled={!online || busy !== null} onClick={() => setDeleting(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} onDeleted={sessionEnds.afterDeletion} />}
    </section>
  )
}
