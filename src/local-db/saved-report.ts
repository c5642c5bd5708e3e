import { useLiveQuery } from 'dexie-react-hooks'
import { db, type SavedReceivables, type SavedReport } from './db'
import { assertOwner, type DeviceOwner } from './owner'

/** The last report viewed, as the device saved it (null when none; undefined while it is read). */
export function useSavedReport<Report>(): SavedReport<Report> | null | undefined {
  return useLiveQuery(async () => ((await db.reports.get('last')) ?? null) as SavedReport<Report> | null, [])
}

/** Keeps `report` as the last one viewed, unless `owner` (who asked for it) no longer owns the device's data. */
export function saveReport<Report>(owner: DeviceOwner, request: SavedReport['request'], report: Report): Promise<void> {
  return db.transaction('rw', [db.reports, db.owner], async () => {
    await assertOwner(owner)
    await db.reports.put({ key: 'last', request, report, fetchedAt: Date.now() } as SavedReport)
  })
}

/** The last receivables viewed (null when none; undefined while it is read). */
export function useSavedReceivables<Receivables>(): SavedReceivables<Receivables> | null | undefined {
  return useLiveQuery(async () => ((await db.reports.get('receivables')) ?? null) as SavedReceivables<Receivables> | null, [])
}

/** Keeps `report` as the last receivables viewed, unless `owner` no longer owns the device's data. */
export function saveReceivables<Receivables>(owner: DeviceOwner, report: Receivables): Promise<void> {
  return db.transaction('rw', [db.reports, db.owner], async () => {
    await assertOwner(owner)
    await db.reports.put({ key: 'receivables', report, fetchedAt: Date.now() } as SavedReceivables)
  })
}
