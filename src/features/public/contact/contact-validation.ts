import { contactLimits } from '@/components/contact-limits'
import type { ContactSubject } from '@/components/contact-subjects'
import { collectErrors, emailError, lengthError, requiredError } from '@/components/form-validation'


export interface ContactForm {
  name: string
  email: string
  subject: ContactSubject | ''
  message: string
}

export const emptyContactForm: ContactForm = { name: '', email: '', subject: '', message: '' }

/** SPEC §5: all four fields are required; the email must look like one; each within what send_contact_message takes. */
export function validateContact(form: ContactForm) {
  return collectErrors({
    name: requiredError(form.name) ?? lengthError(form.name, contactLimits.name),
    email: emailError(form.email),
    subject: requiredError(form.subject),
    message: requiredError(form.message) ?? lengthError(form.message, contactLimits.message),
  })
}
