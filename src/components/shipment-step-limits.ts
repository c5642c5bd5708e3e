/**
 * advance_shipment's limits on shipping (the carrier, the tracking number) and on weighing a box
 * again (the reason), in characters, for the desk and the refusals that name them;
 * tests/db/shipment-limits.test.ts holds the two equal.
 */
export const stepLimits = { carrier: 60, tracking: [4, 60], reason: 500 } as const
