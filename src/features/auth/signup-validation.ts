import { collectErrors, emailError, passwordError, requiredError } from '@/components/form-validation'

export interface SignupForm {
  fullName: string
  phone: string
  email: string
  password: string
}

/** SPEC §5: full name, email and a 6+ character password are required; the phone is optional. */
export function validateSignup(form: SignupForm) {
  return collectErrors({
    fullName: requiredError(form.fullName),
    email: emailError(form.email),
    password: passwordError(form.password),
  })
}
