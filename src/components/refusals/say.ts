import type { I18n } from '@lingui/core'
import { formatDateTime, formatUsd } from '@/i18n/format'
import { defaultLang, isLang, type Lang } from '@/i18n/locales'
import { shipmentStatuses, type ShipmentStatus } from '@/local-db/rows'
import { shipmentStatusLabels } from '../shipment-status'

/** The values a refusal's text needs, from its DETAIL: a JSON object, or one word (a language) as `value`. */
export type Detail = Readonly<Record<string, unknown>>

/** A refusal's text in the reader's language. */
export type Say = (i18n: I18n, detail: Detail) => string

export function detailOf(details: string | null | undefined): Detail {
  if (!details) return {}
  try {
    const parsed: unknown = JSON.parse(details)
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Detail
    return { value: String(parsed) }
  } catch {
    return { value: details }
  }
}

/** A value of the detail as text ('' when absent). */
export const text = (detail: Detail, name: string): string => {
  const value = detail[name]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

/** An amount of the detail, in cents, as the reader's screens show money ('' when absent). */
export const usd = (detail: Detail, name: string): string => {
  const cents = detail[name]
  return typeof cents === 'number' ? formatUsd(cents) : ''
}

const langOf = (i18n: I18n): Lang => (isLang(i18n.locale) ? i18n.locale : defaultLang)

const isShipmentStatus = (value: string): value is ShipmentStatus => (shipmentStatuses as readonly string[]).includes(value)

/** A shipment status as the reader's screens name it, in lower case. */
export function statusName(i18n: I18n, status: string): string {
  return isShipmentStatus(status) ? i18n._(shipmentStatusLabels[status]).toLowerCase() : status
}

/** An instant as the reader's screens show it. */
export const dateTime = (i18n: I18n, iso: string): string => formatDateTime(iso, langOf(i18n))
