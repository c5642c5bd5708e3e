/** Rows as the database sends them to the read model (supabase/migrations). */
import type { PlanId } from '@/business-rules/plans'

export const packageStatuses = ['recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado'] as const
export type PackageStatus = (typeof packageStatuses)[number]

export function isPackageStatus(value: unknown): value is PackageStatus {
  return typeof value === 'string' && (packageStatuses as readonly string[]).includes(value)
}

export type Role = 'user' | 'admin'

export interface ProfileRow {
  id: string
  email: string | null
  full_name: string | null
  phone: string | null
  role: Role
  /** Absent on rows stored before plans existed: those are Basic (the column's default). */
  plan?: PlanId
  country: string | null
  delivery_address: string | null
  city: string | null
  postal_code: string | null
  id_number: string | null
  created_at: string
  updated_at: string
}

/** A `pull_profiles` row: the profile with its locker code, or a tombstone (`deleted_at` set, nothing else). */
export type PulledProfile = (ProfileRow & { locker_code: string | null; deleted_at: null }) | { id: string; deleted_at: string }

export interface PackageEvent {
  status: string
  changed_at: string
  recorded_at: string
}

/** A package as every RPC returns it: the row (without its change_xid) and its applied status history. */
export interface PackageRow {
  id: string
  user_id: string
  locker_code: string
  tracking_code: string | null
  status: string
  weight_kg: number | string | null
  volume_m3: number | string | null
  meta: Record<string, unknown> | null
  public_token: string
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
  events: PackageEvent[]
}

export const prealertStates = ['announced', 'received', 'cancelled'] as const
export type PrealertState = (typeof prealertStates)[number]

/** A customer's announcement of an incoming purchase; the warehouse links it to the package on arrival. */
export interface PrealertRow {
  id: string
  user_id: string
  /** Normalised by the database: trimmed, uppercase, no whitespace. */
  tracking_code: string
  store: string
  description: string
  declared_value_usd: number | string
  expected_on: string | null
  state: PrealertState
  package_id: string | null
  version: number
  created_at: string
  updated_at: string
}

/** One page of a pull RPC after a checkpoint, and the next checkpoint. */
export interface PullPage<Row> {
  rows: Row[]
  checkpoint: string | null
  has_more: boolean
}
