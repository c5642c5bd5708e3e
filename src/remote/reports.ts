import { getSupabase } from './client'
import { RefusedError } from './refused-error'

export type ReportBucket = 'day' | 'week'

/** What the admin asks for: calendar days in the warehouse's time zone, grouped by day or week. */
export interface ReportRequest {
  from: string
  to: string
  bucket: ReportBucket
}

export interface FlowBucket {
  /** The bucket's first day (a Monday for weeks). */
  start: string
  received: number
  shipped: number
  delivered: number
  /** Of the packages received in the bucket, those a prealert announced. */
  prealerted: number
}

export interface WaitingByAge {
  status: 'recibido' | 'consolidacion' | 'transito' | 'aduana' | 'disponible'
  days_0_7: number
  days_8_14: number
  days_15_30: number
  days_31_plus: number
}

/** The ledger's month (Miami calendar): charges less their reversals, payments and refunds, in cents. */
export interface MoneyMonth {
  /** The month's first day. */
  month: string
  charges_cents: number
  payments_cents: number
  refunds_cents: number
}

/** `admin_report`'s answer: the flow over the range, and the warehouse as it stands now. */
export interface AdminReport {
  from: string
  to: string
  bucket: ReportBucket
  time_zone: string
  generated_at: string
  flow: FlowBucket[]
  totals: Omit<FlowBucket, 'start'>
  waiting: WaitingByAge[]
  to_shipment: { count: number; median_days: number | null; p90_days: number | null }
  storage: { ending_soon: number; ended: number }
  /** Absent on reports saved before the ledger. */
  money?: MoneyMonth[]
}

/** Computes the report in the database (admins only). */
export async function fetchAdminReport({ from, to, bucket }: ReportRequest, signal?: AbortSignal): Promise<AdminReport> {
  const client = await getSupabase()
  let call = client.rpc('admin_report', { p_from: from, p_to: to, p_bucket: bucket })
  if (signal) call = call.abortSignal(signal)
  const { data, error } = await call
  if (error) throw new RefusedError(error)
  return data as AdminReport
}
