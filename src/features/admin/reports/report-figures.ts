import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatUsd } from '@/i18n/format'
import { statusLabels } from '@/i18n/package-status-labels'
import type { AdminReport } from '@/remote/reports'
import type { ChartSpec } from './report-chart'
import type { ReportTable } from '@/components/csv'

/** One figure of the Reports page: its numbers (table and CSV), an optional chart of them, and headline figures. */
export interface ReportFigure {
  /** Names its CSV file. */
  id: 'flow' | 'waiting' | 'arrival-to-shipment' | 'storage' | 'prealerts' | 'money'
  title: string
  /** What the figure counts, when its title alone does not say (the snapshots are of now, not the range). */
  note?: string
  headline: { label: string; value: string }[]
  table: ReportTable & { datesInFirstColumn?: boolean }
  chart?: ChartSpec
}

const colors = {
  received: '#2563eb',
  shipped: '#d97706',
  delivered: '#16a34a',
  prealerted: '#7c3aed',
  ages: ['#16a34a', '#ca8a04', '#ea580c', '#dc2626'],
}

/** The report's figures in the admin's language; `formatDay` writes a calendar date short. */
export function reportFigures(report: AdminReport, i18n: I18n, formatDay: (isoDate: string) => string): ReportFigure[] {
  const count = (value: number) => i18n.number(value)
  const days = (value: number | null) => (value === null ? '—' : i18n.number(value, { maximumFractionDigits: 1 }))
  const period = report.bucket === 'week' ? i18n._(msg`Week starting`) : i18n._(msg`Day`)
  const received = i18n._(msg({ message: 'Received', context: 'packages counted' }))
  const shipped = i18n._(msg({ message: 'Shipped', context: 'packages counted' }))
  const delivered = i18n._(msg({ message: 'Delivered', context: 'packages counted' }))
  const withPrealert = i18n._(msg`With a prealert`)
  const ages = [i18n._(msg`0–7 days`), i18n._(msg`8–14 days`), i18n._(msg`15–30 days`), i18n._(msg`31 days or more`)]
  const ageColumns = ['days_0_7', 'days_8_14', 'days_15_30', 'days_31_plus'] as const
  const waitingTotal = report.waiting.reduce((sum, row) => sum + ageColumns.reduce((rowSum, column) => rowSum + row[column], 0), 0)
  const { totals, to_shipment: toShipment, storage } = report
  const matchedShare = totals.received ? totals.prealerted / totals.received : 0
  const flowLabels = { received, shipped, delivered, prealerted: withPrealert }
  /** The table and chart of some of the flow's counts, bucket by bucket. */
  const overDays = (counts: (keyof typeof flowLabels)[]): Pick<ReportFigure, 'table' | 'chart'> => ({
    table: { columns: [period, ...counts.map((name) => flowLabels[name])], rows: report.flow.map((row) => [row.start, ...counts.map((name) => row[name])]), datesInFirstColumn: true },
    chart: {
      kind: 'days',
      days: report.flow.map(({ start }) => start),
      formatDay,
      dayLabel: period,
      series: counts.map((name) => ({ label: flowLabels[name], color: colors[name], values: report.flow.map((row) => row[name]) })),
    },
  })

  return [
    {
      id: 'flow',
      title: i18n._(msg`Received, shipped and delivered`),
      headline: [
        { label: received, value: count(totals.received) },
        { label: shipped, value: count(totals.shipped) },
        { label: delivered, value: count(totals.delivered) },
      ],
      ...overDays(['received', 'shipped', 'delivered']),
    },
    {
      id: 'waiting',
      title: i18n._(msg`Waiting, by status and days since arrival`),
      note: i18n._(msg`As of now, whatever the range.`),
      headline: [{ label: i18n._(msg`Packages not delivered`), value: count(waitingTotal) }],
      table: {
        columns: [i18n._(msg`Status`), ...ages, i18n._(msg`Total`)],
        rows: report.waiting.map((row) => {
          const values = ageColumns.map((column) => row[column])
          return [i18n._(statusLabels[row.status]), ...values, values.reduce((sum, value) => sum + value, 0)]
        }),
      },
      chart: {
        kind: 'stacked',
        categories: report.waiting.map((row) => i18n._(statusLabels[row.status])),
        series: ageColumns.map((column, index) => ({ label: ages[index]!, color: colors.ages[index]!, values: report.waiting.map((row) => row[column]) })),
      },
    },
    {
      id: 'arrival-to-shipment',
      title: i18n._(msg`Days from arrival to shipment`),
      note: i18n._(msg`Packages that left the warehouse in the range.`),
      headline: [
        { label: i18n._(msg`Median`), value: days(toShipment.median_days) },
        { label: i18n._(msg`90th percentile`), value: days(toShipment.p90_days) },
        { label: i18n._(msg`Packages shipped`), value: count(toShipment.count) },
      ],
      table: {
        columns: [i18n._(msg`Measure`), i18n._(msg`Value`)],
        rows: [
          [i18n._(msg`Median (days)`), toShipment.median_days],
          [i18n._(msg`90th percentile (days)`), toShipment.p90_days],
          [i18n._(msg`Packages shipped`), toShipment.count],
        ],
      },
    },
    {
      id: 'storage',
      title: i18n._(msg`Free storage ending`),
      note: i18n._(msg`As of now, whatever the range: packages waiting at the warehouse, by their owner’s plan.`),
      headline: [
        { label: i18n._(msg`Ending in 5 days or less`), value: count(storage.ending_soon) },
        { label: i18n._(msg`Already ended`), value: count(storage.ended) },
      ],
      table: {
        columns: [i18n._(msg`Free storage`), i18n._(msg`Packages`)],
        rows: [
          [i18n._(msg`Ending in 5 days or less`), storage.ending_soon],
          [i18n._(msg`Already ended`), storage.ended],
        ],
      },
    },
    {
      id: 'prealerts',
      title: i18n._(msg`Prealerts matched on arrival`),
      headline: [
        { label: i18n._(msg`Received with a prealert`), value: `${count(totals.prealerted)} / ${count(totals.received)}` },
        { label: i18n._(msg`Share`), value: i18n.number(matchedShare, { style: 'percent', maximumFractionDigits: 1 }) },
      ],
      ...overDays(['received', 'prealerted']),
    },
    ...(report.money ? [moneyFigure(report.money, i18n)] : []),
  ]
}

/** Charges and payments by month, from the ledger: dollars in the table (a spreadsheet sums them), totals on top. */
function moneyFigure(months: NonNullable<AdminReport['money']>, i18n: I18n): ReportFigure {
  const total = (column: 'charges_cents' | 'payments_cents' | 'refunds_cents') => formatUsd(months.reduce((sum, month) => sum + month[column], 0))
  const [charges, payments, refunds] = [i18n._(msg`Charges`), i18n._(msg`Payments`), i18n._(msg`Refunds`)]
  return {
    id: 'money',
    title: i18n._(msg`Charges and payments by month`),
    note: i18n._(msg`Charges are shipment charges and storage fees, less their reversals.`),
    headline: [
      { label: charges, value: total('charges_cents') },
      { label: payments, value: total('payments_cents') },
      { label: refunds, value: total('refunds_cents') },
    ],
    table: {
      columns: [i18n._(msg`Month`), `${charges} (USD)`, `${payments} (USD)`, `${refunds} (USD)`],
      rows: months.map((month) => [month.month.slice(0, 7), month.charges_cents / 100, month.payments_cents / 100, month.refunds_cents / 100]),
    },
  }
}
