/** Rows as the database returns them (supabase/migrations). */
export interface ProfileRow {
  id: string
  email: string | null
  full_name: string | null
  phone: string | null
  role: 'user' | 'admin'
  country: string | null
  delivery_address: string | null
  city: string | null
  postal_code: string | null
  id_number: string | null
  created_at: string
  updated_at: string
}

export interface LockerRow {
  user_id: string
  code: string
  created_at: string
}

export interface PackageEventRow {
  status: string
  changed_at: string
  recorded_at: string
}

/** A `pull_packages` row: the package (without its change_xid) and its applied status history. */
export interface PulledPackage {
  id: string
  user_id: string
  locker_code: string
  tracking_code: string | null
  status: string
  weight_kg: number | null
  volume_m3: number | null
  meta: Record<string, unknown> | null
  public_token: string
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
  events: PackageEventRow[]
}

/** `pull_packages(p_since, p_limit)`: one page after the checkpoint, and the next checkpoint. */
export interface PullPage {
  packages: PulledPackage[]
  checkpoint: string | null
  has_more: boolean
}
