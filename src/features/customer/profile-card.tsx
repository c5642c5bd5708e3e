import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useState, type FormEvent } from 'react'
import type { FieldErrors } from '@/components/form-validation'
import { ProfilePhoto } from './profile-photo'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import type { Lang } from '@/i18n/locales'
import type { LocalProfile } from '@/local-db/queries'
import { useOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'
import { editableProfileFields, profileChanges, validateProfile, type EditableProfile, type EditableProfileField } from './profile-validation'

export type SaveProfile = (changes: Partial<ReturnType<typeof profileChanges>> & { lang?: Lang }) => Promise<void>

const labels: Record<EditableProfileField, MessageDescriptor> = {
  full_name: msg`Full name`,
  phone: msg`Phone`,
  country: msg`Country of residence`,
  delivery_address: msg`Delivery address`,
  city: msg`City`,
  postal_code: msg`Postal code`,
  id_number: msg`ID number`,
}

const autoComplete: Partial<Record<EditableProfileField, string>> = {
  full_name: 'name',
  phone: 'tel',
  country: 'country-name',
  delivery_address: 'street-address',
  city: 'address-level2',
  postal_code: 'postal-code',
}

function formOf(profile: LocalProfile): EditableProfile {
  return Object.fromEntries(editableProfileFields.map((field) => [field, profile[field] ?? ''])) as EditableProfile
}

export function ProfileCard({ profile, saveProfile }: { profile: LocalProfile; saveProfile: SaveProfile }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [editing, setEditing] = useState(false)
  const [form, setForm] = useState<EditableProfile>(() => formOf(profile))
  const [errors, setErrors] = useState<FieldErrors<EditableProfileField>>({})
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found = validateProfile(form)
    setErrors(found)
    if (Object.keys(found).length > 0 || !online) return
    setBusy(true)
    try {
      await saveProfile(profileChanges(form))
      showToast({ title: t`Profile saved`, variant: 'success' })
      setEditing(false)
    } catch (error) {
      showToast({ title: t`Could not save your profile`, description: errorText(i18n, error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center gap-4">
        <ProfilePhoto profile={profile} />
        <div className="min-w-0">
          <h2 id="profile-heading" className="truncate text-lg font-bold">
            {profile.full_name || profile.email}
          </h2>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{profile.email}</p>
          {profile.phone && <p className="text-sm text-slate-600 dark:text-slate-400">{profile.phone}</p>}
        </div>
      </div>

      {editing ? (
        <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
          {editableProfileFields.map((field) => (
            <TextField
              key={field}
              label={i18n._(labels[field])}
              value={form[field]}
              autoComplete={autoComplete[field]}
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              error={errors[field] && i18n._(errors[field])}
            />
          ))}
          {!online && (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2 dark:bg-amber-950 dark:text-amber-100">
              <Trans>You are offline. Your changes stay in this form; save them when you are back online.</Trans>
            </p>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" busy={busy} disabled={!online}>
              <Trans>Save</Trans>
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setForm(formOf(profile))
                setErrors({})
                setEditing(false)
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
            {editableProfileFields.slice(2).map((field) => (
              <div key={field}>
                <dt className="text-slate-500 dark:text-slate-400">{i18n._(labels[field])}</dt>
                <dd>{profile[field] || '—'}</dd>
              </div>
            ))}
          </dl>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              setForm(formOf(profile))
              setEditing(true)
            }}
          >
            <Trans>Edit profile</Trans>
          </Button>
        </>
      )}
    </section>
  )
}
