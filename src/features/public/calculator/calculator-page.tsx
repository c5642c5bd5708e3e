import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { planIds, planTerms, type PlanId } from '@/business-rules/plans'
import { centsPerPoundOf } from '@/business-rules/rates'
import { planNames } from '@/components/plan-names'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { formatUsd } from '@/i18n/format'
import { useRates } from '@/sync-engine/rates'
import { PageIntro } from '../page-intro'
import { QuoteBreakdown } from './quote-breakdown'
import { CalculatorRules } from './calculator-rules'
import { addOnNames, problemMessage } from './quote-messages'
import { addOnKinds, quoteLimits, quoteShipment, type AddOn, type QuoteField, type QuoteInput, type Units } from './shipping-quote'

const choice = 'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:bg-slate-800'

export function CalculatorPage() {
  const { t, i18n } = useLingui()
  const [input, setInput] = useState<QuoteInput>({ units: 'imperial', weight: '', length: '', width: '', height: '', plan: 'standard', declaredValue: '', addOns: new Set() })
  const [touched, setTouched] = useState<ReadonlySet<QuoteField>>(new Set())
  const rates = useRates()
  const limits = quoteLimits(rates)
  const result = quoteShipment(input, rates)
  const insurance = rates.insurance_percent
  const imperial = input.units === 'imperial'
  const weightUnit = imperial ? 'lb' : 'kg'
  const lengthUnit = imperial ? 'in' : 'cm'

  const problemOf = (field: QuoteField) => {
    const problem = !result.ok && touched.has(field) ? result.problems[field] : undefined
    return problem && i18n._(problemMessage(problem, input.units, limits))
  }
  const number = (field: QuoteField, label: string) => ({
    label,
    inputMode: 'decimal' as const,
    value: input[field],
    onChange: (event: { target: { value: string } }) => setInput({ ...input, [field]: event.target.value }),
    onBlur: () => setTouched(new Set([...touched, field])),
    error: problemOf(field),
  })
  const toggleAddOn = (kind: AddOn) => {
    const addOns = new Set(input.addOns)
    if (addOns.has(kind)) addOns.delete(kind)
    else addOns.add(kind)
    setInput({ ...input, addOns })
  }
  const addOnPrice: Record<AddOn, string> = {
    photos: formatUsd(rates.photos_cents),
    insurance: t`${insurance}% of the declared value`,
    express: `+${formatUsd(rates.express_cents)}`,
    consolidation: planTerms[input.plan].freeConsolidation ? t`Free on this plan` : formatUsd(rates.consolidation_basic_cents),
  }
  const showAll = (event: FormEvent) => {
    event.preventDefault()
    setTouched(new Set<QuoteField>(['weight', 'length', 'width', 'height', 'declaredValue']))
  }
  const sides = [
    ['length', t`Length`],
    ['width', t`Width`],
    ['height', t`Height`],
  ] as const
  // The three sides share one limit: its message shows once, under all of them.
  const sizeProblem = sides.some(([field]) => !result.ok && result.problems[field] === 'tooLarge')

  return (
    <>
      <PageIntro title={t`Shipping calculator`} description={t`Price a shipment from Miami before you buy: weight, box size, plan and extras.`} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-16 lg:grid-cols-[3fr_2fr]">
        <form noValidate onSubmit={showAll} className="space-y-6">
          <fieldset>
            <legend className="text-sm font-semibold">
              <Trans>Units</Trans>
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {(['imperial', 'metric'] as Units[]).map((units) => (
                <label key={units} className={choice}>
                  <input type="radio" name="units" checked={input.units === units} onChange={() => setInput({ ...input, units })} />
                  {units === 'imperial' ? <Trans>Pounds and inches</Trans> : <Trans>Kilograms and centimetres</Trans>}
                </label>
              ))}
            </div>
          </fieldset>

          <TextField {...number('weight', t`Weight (${weightUnit})`)} />

          <fieldset>
            <legend className="text-sm font-semibold">
              <Trans>Box size ({lengthUnit})</Trans>
            </legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-3">
              {sides.map(([field, label]) => (
                <TextField key={field} {...number(field, label)} {...(sizeProblem ? { error: undefined, 'aria-invalid': true, 'aria-describedby': 'size-problem' } : {})} />
              ))}
            </div>
            {sizeProblem && (
              <p id="size-problem" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
                {i18n._(problemMessage('tooLarge', input.units, limits))}
              </p>
            )}
          </fieldset>

          <fieldset>
            <legend className="text-sm font-semibold">
              <Trans>Plan</Trans>
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {planIds.map((plan: PlanId) => (
                <label key={plan} className={choice}>
                  <input type="radio" name="plan" checked={input.plan === plan} onChange={() => setInput({ ...input, plan })} />
                  <span>
                    {i18n._(planNames[plan])}{' '}
                    <span className="text-sm text-slate-600 dark:text-slate-400">
                      <Trans>{formatUsd(centsPerPoundOf(rates, plan))}/lb</Trans>
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-semibold">
              <Trans>Extras</Trans>
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {addOnKinds.map((kind) => (
                <label key={kind} className={choice}>
                  <input type="checkbox" checked={input.addOns.has(kind)} onChange={() => toggleAddOn(kind)} />
                  <span>
                    {i18n._(addOnNames[kind])} <span className="text-sm text-slate-600 dark:text-slate-400">{addOnPrice[kind]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <TextField {...number('declaredValue', t`Declared value (USD)`)} hint={t`What the contents are worth; needed for insurance.`} />

          <Button type="submit">
            <Trans>Calculate</Trans>
          </Button>
        </form>

        <div className="space-y-6">
          {result.ok ? (
            <QuoteBreakdown quote={result.quote} />
          ) : (
            <p role="status" className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <Trans>Enter the weight and the box size to see the price.</Trans>
            </p>
          )}
          <CalculatorRules rates={rates} />
        </div>
      </div>
    </>
  )
}
