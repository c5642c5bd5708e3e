import { Trans } from '@lingui/react/macro'
import { DocumentsField } from '@/components/files/documents-field'
import { Button } from '@/components/ui/button'
import { formatDollars } from '@/i18n/format'
import type { Customer } from '@/local-db/directory'
import type { PrealertRow } from '@/local-db/rows'

interface PrealertMatchProps {
  prealert: PrealertRow
  owner: Customer
  /** Whether the package is being registered for the customer who announced it. */
  selected: boolean
  onSelect: () => void
}

/** What the customer announced for the tracking code being registered: the package will carry it. */
export function PrealertMatch({ prealert, owner, selected, onSelect }: PrealertMatchProps) {
  const name = owner.full_name || owner.email
  const value = formatDollars(prealert.declared_value_usd)
  return (
    <div data-testid="prealert-match" role="status" className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 sm:col-span-2 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
      <p className="font-semibold">
        <Trans>
          Announced by {name} ({owner.locker_code}): {prealert.store} — {prealert.description}, declared {value}
        </Trans>
      </p>
      <DocumentsField documents={prealert.documents} />
      {selected ? (
        <p>
          <Trans>The package will be linked to this prealert.</Trans>
        </p>
      ) : (
        <Button variant="secondary" onClick={onSelect}>
          <Trans>Register it for {name}</Trans>
        </Button>
      )}
    </div>
  )
}
