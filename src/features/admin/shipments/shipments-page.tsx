// Stub: replaced by the page itself.
export function ShipmentsPage() {
  return null
}
