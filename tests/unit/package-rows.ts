import type { PackageRow } from '@/local-db/rows'

/** A delivered package as a pull sends it, changed two days before 2026-11-25 12:00 UTC; `changes` on top. */
export const deliveredPackageRow = (id: string, changes: Partial<PackageRow> = {}): PackageRow => ({
  id,
  user_id: 'customer-1',
  locker_code: 'MIA100001',
  tracking_code: id.toUpperCase(),
  status: 'entregado',
  weight_kg: 1,
  volume_m3: null,
  meta: null,
  public_token: `token-${id}`,
  version: 2,
  deleted_at: null,
  created_at: '2026-11-05T12:00:00.000Z',
  updated_at: '2026-11-23T12:00:00.000Z',
  events: [{ status: 'entregado', changed_at: '2026-11-23T12:00:00.000Z', recorded_at: '2026-11-23T12:00:00.000Z' }],
  ...changes,
})
