// What a mail says, before it is laid out: the one shape its HTML and its plain text are both made from.

export interface MailFact {
  label: string
  value: string
}

export interface MailContent {
  subject: string
  paragraphs: string[]
  /** Groups of labelled facts (one per package of an arrival, say). */
  facts: MailFact[][]
  /** A text quoted as it was written (a message, an answer), line breaks kept. */
  quote?: { label: string; text: string }
  /** The button: an absolute URL into the app. */
  action?: { label: string; url: string }
  /** Said below the button: a code to type instead of following the link. */
  afterAction?: string
  /** Why the reader gets this mail. */
  reason: string
}
