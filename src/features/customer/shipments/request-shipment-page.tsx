// Stub: replaced by the page itself.
export function RequestShipmentPage() {
  return null
}
