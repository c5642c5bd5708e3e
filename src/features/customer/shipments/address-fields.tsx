import { useLingui } from '@lingui/react/macro'
import { maxLengthOf, type FieldErrors } from '@/components/form-validation'
import { TextField } from '@/components/ui/field'
import type { ShipmentAddress } from '@/local-db/rows'
import { shipmentLimits, type AddressForm } from './shipment-request-validation'

type Field = keyof ShipmentAddress

interface AddressFieldsProps {
  address: AddressForm
  errors: FieldErrors<Field>
  onChange: (address: AddressForm) => void
}

/** Where this shipment goes: prefilled from the profile, changed here for this shipment only. */
export function AddressFields({ address, errors, onChange }: AddressFieldsProps) {
  const { t, i18n } = useLingui()
  const labels: Record<Field, string> = {
    name: t`Recipient`,
    address: t`Delivery address`,
    city: t`City`,
    postal_code: t`Postal code (optional)`,
    country: t`Country`,
    phone: t`Phone`,
    id_number: t`ID number (optional)`,
  }
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-bold">{t`Delivery address`}</legend>
      {(Object.keys(labels) as Field[]).map((field) => (
        <div key={field} className={field === 'address' ? 'sm:col-span-2' : undefined}>
          <TextField
            label={labels[field]}
            name={`address.${field}`}
            value={address[field]}
            maxLength={maxLengthOf(shipmentLimits.address[field][1])}
            autoComplete={autoComplete[field]}
            inputMode={field === 'phone' ? 'tel' : undefined}
            error={errors[field] && i18n._(errors[field])}
            onChange={(event) => onChange({ ...address, [field]: event.target.value })}
          />
        </div>
      ))}
    </fieldset>
  )
}

const autoComplete: Record<Field, string> = {
  name: 'name',
  address: 'street-address',
  city: 'address-level2',
  postal_code: 'postal-code',
  country: 'country-name',
  phone: 'tel',
  id_number: 'off',
}
