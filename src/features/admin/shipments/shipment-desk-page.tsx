// Stub: replaced by the page itself.
export function ShipmentDeskPage() {
  return null
}
