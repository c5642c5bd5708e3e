// Stub: replaced by the page itself.
export function ShipmentPage() {
  return null
}
