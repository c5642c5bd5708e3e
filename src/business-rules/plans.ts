/** The plans (SPEC §9): what a pound of freight costs and how long storage is free. */
export const planIds = ['basic', 'standard', 'premium'] as const
export type PlanId = (typeof planIds)[number]

export interface PlanTerms {
  centsPerPound: number
  freeStorageDays: number
  /** Consolidating packages into one shipment costs nothing extra. */
  freeConsolidation: boolean
}

export const planTerms: Record<PlanId, PlanTerms> = {
  basic: { centsPerPound: 499, freeStorageDays: 30, freeConsolidation: false },
  standard: { centsPerPound: 399, freeStorageDays: 45, freeConsolidation: true },
  premium: { centsPerPound: 299, freeStorageDays: 60, freeConsolidation: true },
}

/** Add-ons (SPEC §9), in US cents or as a share of the declared value. */
export const addOnPrices = {
  photosCents: 200,
  insuranceShare: 0.02,
  expressCents: 1500,
  consolidationCents: 500,
} as const
