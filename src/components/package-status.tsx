import { useLingui } from '@lingui/react'
import { isPackageStatus, type PackageStatus } from '@/local-db/rows'
import { statusLabels } from '@/i18n/package-status-labels'

export const statusColors: Record<PackageStatus, string> = {
  recibido: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-800',
  consolidacion: 'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800',
  transito: 'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-100 dark:ring-yellow-800',
  aduana: 'bg-orange-100 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-800',
  disponible: 'bg-teal-100 text-teal-900 ring-teal-300 dark:bg-teal-950 dark:text-teal-100 dark:ring-teal-800',
  entregado: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-950 dark:text-green-100 dark:ring-green-800',
}

const unknownColor = 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600'

export function StatusBadge({ status }: { status: string }) {
  const { _ } = useLingui()
  const known = isPackageStatus(status)
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${known ? statusColors[status] : unknownColor}`}
    >
      {known ? _(statusLabels[status]) : status}
    </span>
  )
}
