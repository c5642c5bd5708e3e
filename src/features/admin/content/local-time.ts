/** An ISO time as a `datetime-local` input shows it, in the device's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** A `datetime-local` input's value (the device's time zone) as an ISO time; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  const time = value ? new Date(value).getTime() : NaN
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
