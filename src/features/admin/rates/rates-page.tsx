// Stub: replaced by the page itself.
export function RatesPage() {
  return null
}
