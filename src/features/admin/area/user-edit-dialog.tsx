import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { planIds } from '@/business-rules/plans'
import { roleOf, roles } from '@/business-rules/roles'
import type { FieldErrors } from '@/components/form-validation'
import { planNames } from '@/components/plan-names'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/field'
import type { Customer } from '@/local-db/directory'
import { useOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'
import { roleLabels } from '../role-labels'
import { ResetTwoStepButton, type ResetTwoStep } from './reset-two-step-button'
import { userChanges, validateUser, type UserChanges, type UserForm } from './user-validation'

export type SaveUser = (userId: string, changes: UserChanges) => Promise<void>

/**
 * SPEC §4: the dialog edits a copy of the user; Cancel discards it, Save sends name, phone, role and plan.
 * Saving needs the server, so offline it says so; an admin cannot take away their own admin role.
 */
export function UserEditDialog({ user, self, saveUser, resetTwoStep, onClose }: { user: Customer; self: boolean; saveUser: SaveUser; resetTwoStep: ResetTwoStep; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [form, setForm] = useState<UserForm>({ fullName: user.full_name ?? '', phone: user.phone ?? '', role: user.role, plan: user.plan ?? 'basic' })
  const [errors, setErrors] = useState<FieldErrors<'fullName' | 'phone'>>({})
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found = validateUser(form)
    setErrors(found)
    if (Object.keys(found).length > 0 || !online) return
    setBusy(true)
    try {
      await saveUser(user.id, userChanges(form))
      showToast({ title: t`User updated`, variant: 'success' })
      onClose()
    } catch (error) {
      showToast({ title: t`Could not update the user.`, description: errorText(i18n, error), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open title={t`Edit user`} description={user.email} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label={t`Full name`} autoComplete="off" value={form.fullName} onChange={(event) => setForm({ ...form, fullName: event.target.value })} error={errors.fullName && i18n._(errors.fullName)} />
        <TextField label={t`Phone`} type="tel" autoComplete="off" value={form.phone} onChange={(event) => setForm({ ...form, phone: event.target.value })} error={errors.phone && i18n._(errors.phone)} />
        <SelectField
          label={t`Role`}
          value={form.role}
          disabled={self}
          hint={self ? t`You cannot remove your own admin role.` : undefined}
          onChange={(event) => setForm({ ...form, role: roleOf(event.target.value) })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {i18n._(roleLabels[role])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Plan`}
          value={form.plan}
          hint={t`Sets the price per pound and the free storage days.`}
          onChange={(event) => setForm({ ...form, plan: planIds.find((plan) => plan === event.target.value) ?? form.plan })}
        >
          {planIds.map((plan) => (
            <option key={plan} value={plan}>
              {i18n._(planNames[plan])}
            </option>
          ))}
        </SelectField>
        {!online && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <Trans>You are offline. Saving a user needs the server; your edits stay in this form until you are back online.</Trans>
          </p>
        )}
        {user.role !== 'user' && !self && <ResetTwoStepButton userId={user.id} resetTwoStep={resetTwoStep} disabled={!online} />}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" busy={busy} disabled={!online}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
