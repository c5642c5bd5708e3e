/**
 * The plans (SPEC §9): how long storage is free and whether consolidating costs extra. Their prices
 * are rates (rates.ts). The database's `plans` table is the source, which its prices and storage
 * countdowns read; it changes only with a migration, so the device keeps this copy, held equal to the
 * table by tests/db/storage-days.test.ts.
 */
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

