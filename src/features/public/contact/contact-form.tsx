import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import type { FieldErrors } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { SelectField, TextAreaField, TextField } from '@/components/ui/field'
import { showToast } from '@/stores/toast-store'
import { contactSubjects, emptyContactForm, validateContact, type ContactForm as Form, type ContactSubject } from './contact-validation'

/** SPEC §5: there is no server call yet; sending is simulated. */
export const simulatedSendMs = 1500

const subjectLabels: Record<ContactSubject, MessageDescriptor> = {
  general: msg`General question`,
  tracking: msg`Package tracking`,
  billing: msg`Billing`,
  technical: msg`Technical support`,
  complaint: msg`Complaint`,
}

export function ContactForm() {
  const { t, i18n } = useLingui()
  const [form, setForm] = useState<Form>(emptyContactForm)
  const [errors, setErrors] = useState<FieldErrors<keyof Form>>({})
  const [sending, setSending] = useState(false)
  const errorOf = (field: keyof Form) => (errors[field] ? i18n._(errors[field]) : undefined)
  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateContact(form)
    // Rendered now, so the first invalid field can take the focus.
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    setSending(true)
    await new Promise((resolve) => setTimeout(resolve, simulatedSendMs))
    setSending(false)
    setForm(emptyContactForm)
    showToast({ title: t`Message sent`, description: t`Thank you! We will answer within 24 hours.`, variant: 'success' })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <TextField label={t`Full name`} autoComplete="name" value={form.name} onChange={set('name')} error={errorOf('name')} required />
      <TextField label={t`Email`} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errorOf('email')} required />
      <SelectField label={t`Subject`} value={form.subject} onChange={set('subject')} error={errorOf('subject')} required>
        <option value="">{t`Choose a subject`}</option>
        {contactSubjects.map((subject) => (
          <option key={subject} value={subject}>
            {i18n._(subjectLabels[subject])}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t`Message`} value={form.message} onChange={set('message')} error={errorOf('message')} required />
      <Button type="submit" busy={sending} className="w-full sm:w-auto">
        {sending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
      </Button>
    </form>
  )
}
