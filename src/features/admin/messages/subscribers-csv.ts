import type { ReportTable } from '@/components/csv'
import type { NewsletterSubscriber } from '@/remote/contact-messages'

/** The column headers, in the reader's language. */
export interface SubscriberColumns {
  address: string
  lang: string
  confirmed: string
}

/** The confirmed subscribers as a table for their CSV: one row each, the confirmation's time in ISO form. */
export const subscribersCsvTable = (subscribers: readonly NewsletterSubscriber[], columns: SubscriberColumns, languageOf: (subscriber: NewsletterSubscriber) => string): ReportTable => ({
  columns: [columns.address, columns.lang, columns.confirmed],
  rows: subscribers.map((subscriber) => [subscriber.address, languageOf(subscriber), subscriber.confirmed_at]),
})
