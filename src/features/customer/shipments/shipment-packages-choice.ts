import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LocalPackage } from '@/local-db/queries'
import { shipmentLimits } from './shipment-request-validation'

/** set_shipment_packages takes as many packages as request_shipment does. */
const { packages: maxPackages } = shipmentLimits

/** What a requested shipment may hold: the packages it holds and those waiting at the warehouse in no shipment, oldest first. */
export function packageChoices(inShipment: readonly LocalPackage[], shippable: readonly LocalPackage[]): LocalPackage[] {
  const byId = new Map([...inShipment, ...shippable].map((pkg) => [pkg.id, pkg]))
  return [...byId.values()].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
}

/** Why this choice cannot be saved, or undefined when it can. */
export function packagesChoiceError(chosen: readonly string[]): MessageDescriptor | undefined {
  return chosen.length === 0 || chosen.length > maxPackages ? msg`Choose 1 to ${maxPackages} packages.` : undefined
}

/** Whether the choice differs from what the shipment holds. */
export const choiceChanged = (held: readonly string[], chosen: readonly string[]) =>
  held.length !== chosen.length || chosen.some((id) => !held.includes(id))
