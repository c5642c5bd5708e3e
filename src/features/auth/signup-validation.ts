import { collectErrors, emailError, lengthError, passwordError, requiredError } from '@/components/form-validation'
import { profileLimits } from '@/components/profile-limits'

export interface SignupForm {
  fullName: string
  phone: string
  email: string
  password: string
}

/**
 * SPEC §5: full name, email and a 6+ character password are required; the phone is optional. The
 * name and the phone within the profile's limits, which the signup would otherwise cut.
 */
export function validateSignup(form: SignupForm) {
  return collectErrors({
    fullName: requiredError(form.fullName) ?? lengthError(form.fullName, profileLimits.full_name),
    phone: lengthError(form.phone, profileLimits.phone),
    email: emailError(form.email),
    password: passwordError(form.password),
  })
}

/** The profile the signup sends (the user's metadata, which handle_new_user turns into the profile): trimmed, no phone as null. */
export const signupProfile = (form: SignupForm) => ({ fullName: form.fullName.trim(), phone: form.phone.trim() || null })
