import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export interface LegalSection {
  heading: MessageDescriptor
  body: MessageDescriptor
}

/** SPEC §9: both texts were last updated on 23 September 2025. */
export const legalLastUpdated = '2025-09-23'

export const termsSections: LegalSection[] = [
  {
    heading: msg`1. The service`,
    body: msg`Casillero Miami gives you a US shipping address in Miami, Florida, identified by your locker number. We receive packages addressed to your locker, store them, consolidate them on request and ship them to the address you give us.`,
  },
  {
    heading: msg`2. Your account`,
    body: msg`You must give true information when you sign up and keep your password secret. You are responsible for everything done with your account. One locker belongs to one person.`,
  },
  {
    heading: msg`3. Rates and payment`,
    body: msg`Shipping is charged per pound at your plan's rate, using the greater of the actual and the volumetric weight. Additional services are charged as shown on the pricing page. Customs duties and taxes of the destination country are not included and are paid by you.`,
  },
  {
    heading: msg`4. Prohibited items`,
    body: msg`We do not ship liquids, aerosols, lithium batteries, perishables, weapons, medications without a prescription or anything the law of the United States or of the destination country forbids. Such items are returned to the sender or disposed of as the law requires.`,
  },
  {
    heading: msg`5. Storage`,
    body: msg`Packages are stored free of charge for 30, 45 or 60 days depending on your plan. After that period we may charge storage or, after notifying you, return the packages to the sender.`,
  },
  {
    heading: msg`6. Liability and insurance`,
    body: msg`Our liability for a lost or damaged package is limited to its insured value. Insurance costs 2% of the declared value and must be chosen before the shipment leaves our warehouse.`,
  },
  {
    heading: msg`7. Changes to these terms`,
    body: msg`We may change these terms. We will publish the new version on this page with its date, and tell you by email when the change is important.`,
  },
]

export const privacySections: LegalSection[] = [
  {
    heading: msg`1. What we collect`,
    body: msg`Your name, email, phone and delivery details; the packages you receive, with their weight, size, status and tracking codes; and the technical data your browser sends when you use the site.`,
  },
  {
    heading: msg`2. Why we use it`,
    body: msg`To run your locker, receive and ship your packages, clear them through customs, answer your questions and, if you agree, send you news and offers.`,
  },
  {
    heading: msg`3. Who we share it with`,
    body: msg`Only with the carriers and customs brokers that move your packages, and with the providers that host our service, under contracts that protect your data. We never sell your data.`,
  },
  {
    heading: msg`4. Data on your device`,
    body: msg`The app keeps a copy of your locker and packages on your device so that it works offline. Signing out deletes that copy. We remember your language and theme choices in your browser.`,
  },
  {
    heading: msg`5. Your rights`,
    body: msg`You may see, correct or delete your data, and object to its use, by writing to us. We answer within 30 days.`,
  },
  {
    heading: msg`6. Security and retention`,
    body: msg`Your data is protected by access rules enforced by our database and by encrypted connections. We keep it while your account is active and for as long as the law requires afterwards.`,
  },
]
