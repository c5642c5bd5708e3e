import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextAreaField, TextField } from '@/components/ui/field'
import { useDeviceWrite } from '@/components/use-device-write'
import type { FaqRow } from '@/local-db/content-rows'
import { queueFaqSave } from '@/outbox/queue-content'
import { useSessionUser } from '@/stores/session-store'
import { showToast } from '@/stores/toast-store'
import { faqFieldsOf, faqFormOf, faqProblems, type FaqForm } from './faq-fields'

/** An answer added (`faq` null) or edited, in both languages; saved on this device and queued for the server. Closed when `faq` is undefined. */
export function FaqDialog({ faq, onClose }: { faq: FaqRow | null | undefined; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Dialog open={faq !== undefined} title={faq ? t`Edit the answer` : t`New answer`} onClose={onClose}>
      {faq !== undefined && <FaqFormBody key={faq?.id ?? 'new'} faq={faq} onClose={onClose} />}
    </Dialog>
  )
}

function FaqFormBody({ faq, onClose }: { faq: FaqRow | null; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const admin = useSessionUser()!
  const write = useDeviceWrite()
  const [form, setForm] = useState<FaqForm>(() => faqFormOf(faq))
  const [problems, setProblems] = useState<ReturnType<typeof faqProblems>>({})
  const field = (name: Exclude<keyof FaqForm, 'published'>) => ({
    name,
    value: form[name],
    error: problems[name] && i18n._(problems[name]),
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  })

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = faqProblems(form)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    if (await write(() => queueFaqSave(admin.id, faq?.id ?? null, faq?.version ?? 0, faqFieldsOf(form)))) {
      showToast({ title: t`Answer saved`, description: t`It is sent to the server as soon as there is a connection.`, variant: 'success' })
      onClose()
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="space-y-3">
          <legend className="font-semibold">
            <Trans>Spanish</Trans>
          </legend>
          <TextField label={t`Question (Spanish)`} {...field('question_es')} />
          <TextAreaField label={t`Answer (Spanish)`} {...field('answer_es')} />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="font-semibold">
            <Trans>English</Trans>
          </legend>
          <TextField label={t`Question (English)`} {...field('question_en')} />
          <TextAreaField label={t`Answer (English)`} {...field('answer_en')} />
        </fieldset>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.published} onChange={(event) => setForm({ ...form, published: event.target.checked })} />
        <Trans>Shown on the site</Trans>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit">
          <Trans>Save answer</Trans>
        </Button>
      </div>
    </form>
  )
}
