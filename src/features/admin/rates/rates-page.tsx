import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import type { RateKey, Rates } from '@/business-rules/rates'
import { PageMeta } from '@/components/page-meta'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useOnline } from '@/stores/connectivity-store'
import { setCurrentRates } from '@/stores/rates-store'
import { useRates } from '@/sync-engine/rates'
import { showToast } from '@/stores/toast-store'
import { DataTable } from '../area/data-table'
import { changedRates, rateFields, rateProblem, typedRate } from './rate-fields'
import { useDirectory } from '@/local-db/directory'

export interface RateChange {
  id: number
  key: RateKey
  old_value: number
  new_value: number
  changed_by: string | null
  changed_at: string
}

interface RatesPageProps {
  /** Saves the changed rates on the server (set_rates) and answers with all of them. */
  saveRates: (changes: Partial<Rates>) => Promise<Rates>
  /** The latest changes, newest first. */
  loadHistory: () => Promise<RateChange[]>
}

const typedAll = (rates: Rates) => Object.fromEntries(rateFields.map(({ key }) => [key, typedRate(key, rates[key])])) as Record<RateKey, string>

/** The rates every price is worked out with: edited online, each change kept with who and when. */
export function RatesPage({ saveRates, loadHistory }: RatesPageProps) {
  const { t, i18n } = useLingui()
  const rates = useRates()
  const online = useOnline()
  const [typed, setTyped] = useState<Record<RateKey, string> | null>(null)
  const [errors, setErrors] = useState<Partial<Record<RateKey, string>>>({})
  const [busy, setBusy] = useState(false)
  /** null until loaded; 'failed' when the server could not say. */
  const [history, setHistory] = useState<RateChange[] | 'failed' | null>(null)
  const form = typed ?? typedAll(rates)

  useEffect(() => {
    if (online) void loadHistory().then(setHistory, () => setHistory('failed'))
  }, [online, loadHistory])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = Object.fromEntries(rateFields.flatMap(({ key }) => {
      const problem = rateProblem(key, form[key])
      return problem ? [[key, i18n._(problem)]] : []
    })) as Partial<Record<RateKey, string>>
    setErrors(found)
    const [firstInvalid] = Object.keys(found)
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    const changes = changedRates(rates, form)
    if (Object.keys(changes).length === 0) {
      showToast({ title: t`Nothing to save: the rates are as they were.` })
      return
    }
    setBusy(true)
    try {
      setCurrentRates(await saveRates(changes))
      setTyped(null)
      showToast({ title: t`Rates saved`, description: t`Prices, estimates and final charges use them from now on.`, variant: 'success' })
      setHistory(await loadHistory())
    } catch (error) {
      showToast({ title: t`The rates were not saved.`, description: errorText(i18n, error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageMeta title={t`Rates`} description={t`The prices, divisors and limits every price is worked out with.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Rates</Trans>
      </h1>
      {!online && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <Trans>You are offline. Rates are changed on the server only: what you type stays here until the connection returns.</Trans>
        </p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rateFields.map(({ key, label }) => (
            <TextField key={key} name={key} label={i18n._(label)} inputMode="decimal" value={form[key]} error={errors[key]} onChange={(event) => setTyped({ ...form, [key]: event.target.value })} />
          ))}
        </div>
        <Button type="submit" busy={busy} disabled={!online}>
          <Trans>Save rates</Trans>
        </Button>
      </form>
      <RateHistory history={history} online={online} />
    </>
  )
}

function RateHistory({ history, online }: { history: RateChange[] | 'failed' | null; online: boolean }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const owners = useDirectory()
  const labelOf = (key: RateKey) => i18n._(rateFields.find((field) => field.key === key)!.label)
  return (
    <section aria-labelledby="rate-history" className="space-y-3">
      <h2 id="rate-history" className="text-lg font-bold">
        <Trans>Changes</Trans>
      </h2>
      {history === null && !online ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>The changes are kept on the server: they show once the connection returns.</Trans>
        </p>
      ) : history === null ? (
        <Spinner label={t`Loading the changes…`} />
      ) : history === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          <Trans>The changes could not be loaded. Try again later.</Trans>
        </p>
      ) : history.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>No rate has been changed yet.</Trans>
        </p>
      ) : (
        <DataTable columns={[<Trans key="when">When</Trans>, <Trans key="who">Who</Trans>, <Trans key="rate">Rate</Trans>, <Trans key="change">Change</Trans>]}>
          {history.map((change) => (
            <tr key={change.id} data-testid="rate-change">
              <td className="px-4 py-3">{formatDateTime(change.changed_at, lang)}</td>
              <td className="px-4 py-3">{(change.changed_by && owners?.get(change.changed_by)?.email) ?? '—'}</td>
              <td className="px-4 py-3">{labelOf(change.key)}</td>
              <td className="px-4 py-3 tabular-nums">
                {typedRate(change.key, Number(change.old_value))} → {typedRate(change.key, Number(change.new_value))}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  )
}
