import { useCallback } from 'react'
import { ratesFrom } from '@/business-rules/rates'
import { RatesPage, type RateChange } from '@/features/admin/rates/rates-page'
import { connectAuth } from '@/features/auth/auth-session'
import { RefusedError } from '@/remote/refused-error'
import { withStepUp } from '@/stores/step-up-store'

/** Composes the rates page with its two server calls: saving (set_rates) and the history of changes. */
export function AdminRatesRoute() {
  const loadHistory = useCallback(async (): Promise<RateChange[]> => {
    const { data, error } = await (await connectAuth()).from('rate_changes').select('id, key, old_value, new_value, changed_by, changed_at').order('id', { ascending: false }).limit(50)
    if (error) throw new RefusedError(error)
    return data as RateChange[]
  }, [])
  return (
    <RatesPage
      loadHistory={loadHistory}
      saveRates={(changes) =>
        withStepUp(async () => {
          const { data, error } = await (await connectAuth()).rpc('set_rates', { p_changes: changes })
          if (error) throw new RefusedError(error)
          const rates = ratesFrom(data)
          if (!rates) throw new Error('set_rates answered without every rate')
          return rates
        })
      }
    />
  )
}
