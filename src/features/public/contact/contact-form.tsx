import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { contactLimits } from '@/components/contact-limits'
import { contactSubjectLabels, contactSubjects } from '@/components/contact-subjects'
import { maxLengthOf, type FieldErrors } from '@/components/form-validation'
import { Button } from '@/components/ui/button'
import { SelectField, TextAreaField, TextField } from '@/components/ui/field'
import { useLang } from '@/i18n/paths'
import { sendContactMessage } from '@/remote/public-forms'
import { showToast } from '@/stores/toast-store'
import { sendErrorText } from '../newsletter/send-error'
import { emptyContactForm, validateContact, type ContactForm as Form } from './contact-validation'

/** The contact form; `send` is the server's (send_contact_message) unless a test gives another. */
export function ContactForm({ send = sendContactMessage }: { send?: typeof sendContactMessage }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const [form, setForm] = useState<Form>(emptyContactForm)
  // The honeypot: a field people never see or reach, which bots fill.
  const [website, setWebsite] = useState('')
  const [errors, setErrors] = useState<FieldErrors<keyof Form>>({})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()
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
    setFailure(undefined)
    try {
      await send({ ...form, website }, lang)
      setForm(emptyContactForm)
      showToast({ title: t`Message sent`, description: t`Thank you! We will answer within 24 hours.`, variant: 'success' })
    } catch (error) {
      setFailure(sendErrorText(i18n, error))
    } finally {
      setSending(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="relative space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <TextField label={t`Full name`} autoComplete="name" value={form.name} onChange={set('name')} error={errorOf('name')} maxLength={maxLengthOf(contactLimits.name)} required />
      <TextField label={t`Email`} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errorOf('email')} required />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t`Website`}
          <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
        </label>
      </div>
      <SelectField label={t`Subject`} value={form.subject} onChange={set('subject')} error={errorOf('subject')} required>
        <option value="">{t`Choose a subject`}</option>
        {contactSubjects.map((subject) => (
          <option key={subject} value={subject}>
            {i18n._(contactSubjectLabels[subject])}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t`Message`} value={form.message} onChange={set('message')} error={errorOf('message')} maxLength={maxLengthOf(contactLimits.message)} required />
      <Button type="submit" busy={sending} className="w-full sm:w-auto">
        {sending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
      </Button>
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {failure}
      </p>
    </form>
  )
}
