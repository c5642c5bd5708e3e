/** A file size for people: "850 KB", "2.4 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte']
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}
