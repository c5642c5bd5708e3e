import { exportMyData } from '@/remote/account-control'

/** The copy of the customer's data as a JSON file the browser saves (casillero-miami-data-<day>.json). */
export async function downloadMyData(): Promise<void> {
  const data = await exportMyData()
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `casillero-miami-data-${new Date().toISOString().slice(0, 10)}.json`
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started once click returns; the URL is released after the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
