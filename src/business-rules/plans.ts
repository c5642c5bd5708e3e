/** The plans (SPEC §9): how long storage is free and whether consolidating costs extra. Their prices are rates (rates.ts). */
export const planIds = ['basic', 'standard', 'premium'] as const
export type PlanId = (typeof planIds)[number]

export interface PlanTerms {
  freeStorageDays: number
  /** Consolidating packages into one shipment costs nothing extra. */
  freeConsolidation: boolean
}

export const planTerms: Record<PlanId, PlanTerms> = {
  basic: { freeStorageDays: 30, freeConsolidation: false },
  standard: { freeStorageDays: 45, freeConsolidation: true },
  premium: { freeStorageDays: 60, freeConsolidation: true },
}

