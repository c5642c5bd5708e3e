import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export interface ChartSeries {
  label: string
  values: number[]
  color: string
}

/** A line per series over calendar days, or bars stacked bottom-up (the first series at the bottom) per category. */
export type ChartSpec =
  | { kind: 'days'; days: string[]; formatDay: (isoDate: string) => string; dayLabel: string; series: ChartSeries[] }
  | { kind: 'stacked'; categories: string[]; series: ChartSeries[] }

const height = 260
// Counts: the y axis steps in whole packages.
const countSteps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000]
const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

function build(spec: ChartSpec, width: number, ink: string): [uPlot.Options, uPlot.AlignedData] {
  const grid = { stroke: 'rgba(148, 163, 184, 0.3)', width: 1 }
  const yAxis: uPlot.Axis = { stroke: ink, grid, ticks: grid, incrs: countSteps }
  if (spec.kind === 'days') {
    const x = spec.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000)
    return [
      {
        width,
        height,
        // The days are the warehouse's calendar days, drawn as UTC midnights so no time zone shifts them.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
        scales: { y: { range: (_, __, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [{ stroke: ink, grid, ticks: grid, space: 70, values: (_, splits) => splits.map((seconds) => spec.formatDay(isoOf(seconds))) }, yAxis],
        series: [
          { label: spec.dayLabel, value: (_, seconds) => (seconds == null ? '—' : spec.formatDay(isoOf(seconds))) },
          ...spec.series.map(({ label, color }) => ({ label, stroke: color, width: 2, points: { show: x.length <= 62 } })),
        ],
      },
      [x, ...spec.series.map(({ values }) => values)],
    ]
  }
  // Stacked by drawing each series' running total, the tallest first, so each bar covers the one under it.
  const totals = spec.series.map((_, upTo) => spec.categories.map((__, at) => spec.series.slice(0, upTo + 1).reduce((sum, { values }) => sum + (values[at] ?? 0), 0)))
  const tallestFirst = spec.series.map((series, index) => ({ ...series, values: totals[index]! })).reverse()
  const bars = uPlot.paths.bars!({ size: [0.6, 72] })
  return [
    {
      width,
      height,
      legend: { live: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, spec.categories.length - 0.5] }, y: { range: (_, __, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        {
          stroke: ink,
          grid: { show: false },
          ticks: { show: false },
          // A word a line: five statuses side by side fit a phone's width.
          size: 56,
          splits: () => spec.categories.map((_, index) => index),
          values: (_, splits) => splits.map((index) => (spec.categories[index] ?? '').replaceAll(' ', '\n')),
        },
        yAxis,
      ],
      series: [{}, ...tallestFirst.map(({ label, color }) => ({ label, stroke: color, fill: color, paths: bars, points: { show: false } }))],
    },
    [spec.categories.map((_, index) => index), ...tallestFirst.map(({ values }) => values)],
  ]
}

/** The chart of a report figure, drawn with uPlot (loaded with this module, on the Reports page only); its numbers are in the figure's table. */
export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current!
    const [options, data] = build(spec, element.clientWidth, getComputedStyle(element).color)
    const plot = new uPlot(options, data, element)
    const resized = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }))
    resized.observe(element)
    return () => {
      resized.disconnect()
      plot.destroy()
    }
  }, [spec])
  return <div ref={box} aria-hidden="true" data-testid="report-chart" className="w-full text-slate-700 dark:text-slate-300" />
}
