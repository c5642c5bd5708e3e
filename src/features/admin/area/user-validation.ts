import { collectErrors, lengthError, phoneError, requiredError } from '@/components/form-validation'
import { profileLimits } from '@/components/profile-limits'
import type { PlanId } from '@/business-rules/plans'
import type { Role } from '@/local-db/rows'

/** A user as the admin edits them. */
export interface UserForm {
  fullName: string
  phone: string
  role: Role
  plan: PlanId
}

export interface UserChanges {
  full_name: string
  phone: string | null
  role: Role
  plan: PlanId
}

export const validateUser = (form: UserForm) =>
  collectErrors({
    fullName: requiredError(form.fullName) ?? lengthError(form.fullName, profileLimits.full_name),
    phone: phoneError(form.phone) ?? lengthError(form.phone, profileLimits.phone),
  })

/** What is saved: trimmed, no phone as null. */
export const userChanges = (form: UserForm): UserChanges => ({ full_name: form.fullName.trim(), phone: form.phone.trim() || null, role: form.role, plan: form.plan })
