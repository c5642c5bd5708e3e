import { useLingui } from '@lingui/react/macro'
import type { SelectHTMLAttributes } from 'react'
import { statusLabels } from '@/i18n/package-status-labels'
import { SelectField } from '@/components/ui/field'
import { isPackageStatus, packageStatuses, type PackageStatus } from '@/local-db/rows'

/** The six statuses, labelled in the page's language. */
export function StatusOptions() {
  const { i18n } = useLingui()
  return packageStatuses.map((status) => (
    <option key={status} value={status}>
      {i18n._(statusLabels[status])}
    </option>
  ))
}

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string
  onStatus: (status: PackageStatus) => void
}

/** A compact status dropdown for a list row: its accessible name says which package it changes. */
export function RowStatusSelect({ value, onStatus, ...select }: Props) {
  return (
    <select
      {...select}
      value={value}
      onChange={(event) => isPackageStatus(event.target.value) && onStatus(event.target.value)}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
    >
      <StatusOptions />
    </select>
  )
}

/** A labelled status field for forms. */
export function StatusField({ label, value, onStatus }: { label: string; value: PackageStatus; onStatus: (status: PackageStatus) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(event) => isPackageStatus(event.target.value) && onStatus(event.target.value)}>
      <StatusOptions />
    </SelectField>
  )
}
