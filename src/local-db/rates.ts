import { buildRates, type Rates } from '@/business-rules/rates'

// Stub: the current rates, once the app has them (kept on the device); the build's until then.
export function useRates(): Rates {
  return buildRates
}
