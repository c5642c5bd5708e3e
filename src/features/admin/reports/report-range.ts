import { isCalendarDay } from '@/business-rules/calendar-day'
import { miamiDayNumber } from '@/business-rules/miami-day'
import type { ReportRequest } from '@/remote/reports'

/** The longest range admin_report takes (tests/db/report-limits.test.ts holds the two equal). */
export const maxReportDays = 400

const dayMs = 86_400_000
const utcDay = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)

/** Today at the warehouse, as `YYYY-MM-DD`: a report's days are the warehouse's calendar days, wherever the admin is. */
export const warehouseToday = (now = new Date()): string => new Date(miamiDayNumber(now) * dayMs).toISOString().slice(0, 10)

export const addDays = (isoDate: string, days: number): string => new Date(utcDay(isoDate) + days * dayMs).toISOString().slice(0, 10)

/** Days in the range, both ends included. */
export const daysInRange = (from: string, to: string): number => Math.round((utcDay(to) - utcDay(from)) / dayMs) + 1

/** The quick ranges: the last N days up to today; a year is read by week. */
export const rangePresets = [7, 30, 90, 365] as const
export type RangePreset = (typeof rangePresets)[number]

export function presetRequest(days: RangePreset, now = new Date()): ReportRequest {
  const to = warehouseToday(now)
  return { from: addDays(to, -(days - 1)), to, bucket: days > 90 ? 'week' : 'day' }
}

export const defaultRequest = (now = new Date()) => presetRequest(30, now)

export type RangeProblem = 'missing' | 'reversed' | 'too-long'

/** What is wrong with a range before it is sent, or null. */
export function rangeProblem({ from, to }: Pick<ReportRequest, 'from' | 'to'>): RangeProblem | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'missing'
  if (from > to) return 'reversed'
  if (daysInRange(from, to) > maxReportDays) return 'too-long'
  return null
}
