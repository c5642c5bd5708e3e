/**
 * The packages table's checks (SPEC §9: 70 lb, 32 kg, at most; a tracking code of 100 characters at
 * most), for the package tool and the refusals that name them; tests/db/package-limits.test.ts holds
 * the two equal.
 */
export const packageLimits = { maxWeightKg: 32, maxTrackingLength: 100 } as const
