import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** What a contact message is about (SPEC §3), as the form offers it and the database takes it. */
export const contactSubjects = ['general', 'tracking', 'billing', 'technical', 'complaint'] as const
export type ContactSubject = (typeof contactSubjects)[number]

export const contactSubjectLabels: Record<ContactSubject, MessageDescriptor> = {
  general: msg`General question`,
  tracking: msg`Package tracking`,
  billing: msg`Billing`,
  technical: msg`Technical support`,
  complaint: msg`Complaint`,
}

/** A stored subject's label; one the app does not know is shown as it is. */
export const contactSubjectLabel = (subject: string): MessageDescriptor | string =>
  (contactSubjects as readonly string[]).includes(subject) ? contactSubjectLabels[subject as ContactSubject] : subject
