import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { amountError, parseCents, reasonError, referenceError } from '@/components/money-limits'
import { errorText } from '@/components/refusals/refusal-text'
import { methodLabels } from '@/components/statement/line-text'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/field'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatUsd } from '@/i18n/format'
import { deskMethods, type DeskMethod } from '@/local-db/account-rows'
import type { StatementLine } from '@/local-db/account'
import { queueAccountPosting } from '@/outbox/queue-account'
import { refundCardPayment } from '@/remote/checkout'
import { withStepUp } from '@/stores/step-up-store'
import { useOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'

/** What the admin posts: a desk payment, a credit, an adjustment, or a refund of one payment. */
export type Posting = { kind: 'record-payment' | 'grant-credit' | 'post-adjustment' } | { kind: 'refund-payment'; payment: StatementLine }

interface Form {
  amount: string
  method: DeskMethod
  reference: string
  reason: string
}

/**
 * One dialog for every posting on a customer's account, each field labelled and checked against the
 * functions' limits before it is queued. Queued through the outbox (offline too), except a card
 * payment's refund, which goes to Stripe at once and so needs the connection.
 */
export function PostingDialog({ adminId, customerId, posting, onClose }: { adminId: string; customerId: string; posting: Posting; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const write = useDeviceWrite()
  const [form, setForm] = useState<Form>({ amount: '', method: 'cash', reference: '', reason: '' })
  const [shown, setShown] = useState(false)
  const [busy, setBusy] = useState(false)
  const { kind } = posting
  const byCard = posting.kind === 'refund-payment' && posting.payment.method === 'card'
  const errors = {
    amount: amountError(form.amount, kind === 'post-adjustment'),
    reference: kind === 'record-payment' ? referenceError(form.reference) : undefined,
    reason: kind === 'record-payment' ? undefined : reasonError(form.reason),
  }
  const shownError = (field: keyof typeof errors) => (shown && errors[field] ? i18n._(errors[field]) : undefined)
  const titles = { 'record-payment': t`Record payment`, 'grant-credit': t`Grant credit`, 'post-adjustment': t`Post adjustment`, 'refund-payment': t`Refund payment` }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setShown(true)
    if (errors.amount || errors.reference || errors.reason || (byCard && !online)) return
    const amountCents = parseCents(form.amount)!
    const reason = form.reason.trim()
    if (posting.kind === 'refund-payment' && byCard) {
      setBusy(true)
      try {
        await withStepUp(() => refundCardPayment(posting.payment.id, amountCents, reason))
        showToast({ title: t`Refunded through Stripe`, variant: 'success' })
        onClose()
      } catch (error) {
        showToast({ title: t`The refund was not made.`, description: errorText(i18n, error), variant: 'destructive' })
      } finally {
        setBusy(false)
      }
      return
    }
    const queued = await write(() =>
      queueAccountPosting(
        adminId,
        customerId,
        amountCents,
        posting.kind === 'record-payment'
          ? { kind: posting.kind, method: form.method, reference: form.reference.trim() }
          : posting.kind === 'refund-payment'
            ? { kind: posting.kind, paymentId: posting.payment.id, reason }
            : { kind: posting.kind, reason },
      ),
    )
    if (queued) onClose()
  }

  const paid = posting.kind === 'refund-payment' ? formatUsd(-posting.payment.amount_cents) : ''
  return (
    <Dialog open title={titles[kind]} description={posting.kind === 'refund-payment' ? t`A payment of ${paid}.` : undefined} onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          label={kind === 'post-adjustment' ? t`Amount in dollars (negative lowers what is owed)` : t`Amount in dollars`}
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onChange={(event) => setForm({ ...form, amount: event.target.value })}
          error={shownError('amount')}
        />
        {kind === 'record-payment' && (
          <>
            <SelectField label={t`Method`} value={form.method} onChange={(event) => setForm({ ...form, method: event.target.value as DeskMethod })}>
              {deskMethods.map((method) => (
                <option key={method} value={method}>
                  {i18n._(methodLabels[method])}
                </option>
              ))}
            </SelectField>
            <TextField label={t`Reference (optional)`} autoComplete="off" value={form.reference} onChange={(event) => setForm({ ...form, reference: event.target.value })} error={shownError('reference')} />
          </>
        )}
        {kind !== 'record-payment' && (
          <TextField label={t`Reason the customer reads`} autoComplete="off" value={form.reason} onChange={(event) => setForm({ ...form, reason: event.target.value })} error={shownError('reason')} />
        )}
        {byCard && !online && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            <Trans>A card payment is refunded through Stripe: this needs a connection.</Trans>
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" busy={busy} disabled={byCard && !online}>
            {titles[kind]}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
