import { collectErrors, emailError, requiredError } from '@/components/form-validation'

export const contactSubjects = ['general', 'tracking', 'billing', 'technical', 'complaint'] as const
export type ContactSubject = (typeof contactSubjects)[number]

export interface ContactForm {
  name: string
  email: string
  subject: ContactSubject | ''
  message: string
}

export const emptyContactForm: ContactForm = { name: '', email: '', subject: '', message: '' }

/** SPEC §5: all four fields are required; the email must look like one. */
export function validateContact(form: ContactForm) {
  return collectErrors({
    name: requiredError(form.name),
    email: emailError(form.email),
    subject: requiredError(form.subject),
    message: requiredError(form.message),
  })
}
