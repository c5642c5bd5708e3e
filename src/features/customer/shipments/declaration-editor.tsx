import { Trans, useLingui } from '@lingui/react/macro'
import { maxLengthOf } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { formatUsd } from '@/i18n/format'
import { declaredTotalCents, shipmentLimits, type ItemForm, type ShipmentRequestErrors } from './shipment-request-validation'

interface DeclarationEditorProps {
  items: ItemForm[]
  errors: Pick<ShipmentRequestErrors, 'items' | 'item'>
  onChange: (items: ItemForm[]) => void
}

export const newItem = (fields: Partial<Omit<ItemForm, 'key'>> = {}): ItemForm => ({ key: crypto.randomUUID(), description: '', quantity: '1', unit_value_usd: '', ...fields })

/** The customs declaration: one line per kind of item, what it is, how many and what each cost. */
export function DeclarationEditor({ items, errors, onChange }: DeclarationEditorProps) {
  const { t, i18n } = useLingui()
  const update = (key: string, field: keyof Omit<ItemForm, 'key'>, value: string) => onChange(items.map((item) => (item.key === key ? { ...item, [field]: value } : item)))
  const total = formatUsd(declaredTotalCents(items))
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-lg font-bold">{t`Customs declaration`}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>Customs asks what the box holds: one line per kind of item, with what you paid for each.</Trans>
      </p>
      <ol className="space-y-3">
        {items.map((item, index) => {
          const line = index + 1
          const itemErrors = errors.item[item.key] ?? {}
          const message = (field: keyof typeof itemErrors) => itemErrors[field] && i18n._(itemErrors[field])
          return (
            <li key={item.key} data-testid="declaration-line" className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[3fr_1fr_1.5fr_auto] sm:items-start dark:border-slate-700">
              <TextField label={t`Item ${line}: description`} name={`items.${index}.description`} value={item.description} maxLength={maxLengthOf(shipmentLimits.description)} error={message('description')} onChange={(event) => update(item.key, 'description', event.target.value)} />
              <TextField label={t`Quantity`} name={`items.${index}.quantity`} inputMode="numeric" value={item.quantity} error={message('quantity')} onChange={(event) => update(item.key, 'quantity', event.target.value)} />
              <TextField label={t`Unit value (USD)`} name={`items.${index}.unit_value_usd`} inputMode="decimal" value={item.unit_value_usd} error={message('unit_value_usd')} onChange={(event) => update(item.key, 'unit_value_usd', event.target.value)} />
              <Button type="button" variant="ghost" className="sm:mt-6" aria-label={t`Remove item ${line}`} onClick={() => onChange(items.filter((other) => other.key !== item.key))}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          )
        })}
      </ol>
      {errors.items && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {i18n._(errors.items)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="secondary" disabled={items.length >= shipmentLimits.items} onClick={() => onChange([...items, newItem()])}>
          <Trans>Add an item</Trans>
        </Button>
        <p className="text-sm font-medium" data-testid="declared-total">
          <Trans>Declared total: {total}</Trans>
        </p>
      </div>
    </fieldset>
  )
}
