import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { SelectField } from '@/components/ui/field'
import { isLang, type Lang } from '@/i18n/locales'
import { useOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'
import type { SaveProfile } from './profile-card'

/** The language of the e-mail the business sends the customer, saved as they choose it (online). */
export function MailLanguageCard({ lang, saveProfile }: { lang: Lang; saveProfile: SaveProfile }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [chosen, setChosen] = useState(lang)
  const [busy, setBusy] = useState(false)

  async function choose(value: string) {
    if (!isLang(value) || value === chosen) return
    setChosen(value)
    setBusy(true)
    try {
      await saveProfile({ lang: value })
      showToast({ title: t`Email language saved`, variant: 'success' })
    } catch (error) {
      setChosen(lang)
      showToast({ title: t`Could not save your email language`, description: errorText(i18n, error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <SelectField
        label={t`Language of our emails`}
        hint={online ? t`Notices and receipts we email you are written in this language.` : t`You are offline: choose again when you are back online.`}
        value={chosen}
        disabled={busy || !online}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value="es">Español</option>
        <option value="en">English</option>
      </SelectField>
      <p className="sr-only" aria-live="polite">
        {busy && <Trans>Saving…</Trans>}
      </p>
    </section>
  )
}
