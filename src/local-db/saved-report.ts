import { useLiveQuery } from 'dexie-react-hooks'
import { db, type SavedReport } from './db'

/** The last report viewed, as the device saved it (null when none; undefined while it is read). */
export function useSavedReport<Report>(): SavedReport<Report> | null | undefined {
  return useLiveQuery(async () => ((await db.reports.get('last')) ?? null) as SavedReport<Report> | null, [])
}

export async function saveReport<Report>(request: SavedReport['request'], report: Report): Promise<void> {
  await db.reports.put({ key: 'last', request, report, fetchedAt: Date.now() })
}
