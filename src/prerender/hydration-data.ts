import type { HydrationState } from 'react-router'

const blockId = 'hydration-data'

/**
 * The router's hydration data as a data block: a `<script type="application/json">` never runs,
 * so the CSP needs no hash of it, and its policy stays the same whatever pages are published. `<` is
 * written as `\u003c` (the same JSON), so nothing in the data can end the element.
 */
export const hydrationDataBlock = (data: HydrationState): string =>
  `<script type="application/json" id="${blockId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`

/** The data the build wrote into this page, or undefined in the shell (account screens, the admin area). */
export function readHydrationData(): HydrationState | undefined {
  const block = document.getElementById(blockId)
  return block ? (JSON.parse(block.textContent!) as HydrationState) : undefined
}
