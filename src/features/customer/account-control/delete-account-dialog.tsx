import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/field'
import { useLang } from '@/i18n/paths'
import { savePreferredLang } from '@/i18n/preferred-lang'
import { deleteMyAccount } from '@/remote/account-control'

/** Deleting the account, once the customer typed their password again; a refusal says why, in the dialog. */
export function DeleteAccountDialog({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password === '') {
      setRefusal(t`Type your password to confirm.`)
      return
    }
    setBusy(true)
    setRefusal(null)
    try {
      await deleteMyAccount(password)
    } catch (error) {
      setRefusal(errorText(i18n, error))
      setBusy(false)
      return
    }
    // The account is gone: this device forgets it and says goodbye in the customer's language.
    savePreferredLang(lang)
    try {
      await onDeleted()
    } catch (error) {
      console.error('Signing out after the deletion failed', error)
      setRefusal(t`Your account was deleted, but this device’s copy could not be removed. Reload the page.`)
      setBusy(false)
    }
  }

  return (
    <Dialog open title={t`Delete your account?`} onClose={busy ? () => {} : onClose} description={<Trans>This cannot be undone. Type your password to confirm it is you.</Trans>}>
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t`Password`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} disabled={busy} />
        {refusal && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            <Trans>Delete my account</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
