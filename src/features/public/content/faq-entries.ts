import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The ten questions of the FAQ page, built from SPEC §9's facts. */
export const faqEntries: { question: MessageDescriptor; answer: MessageDescriptor }[] = [
  {
    question: msg`How do I get my Miami address?`,
    answer: msg`Create a free account: in under 2 minutes you get a locker number and a full US address in Miami to use in any online store.`,
  },
  {
    question: msg`How long does delivery take?`,
    answer: msg`Shipments usually arrive 7 to 15 business days after they leave our Miami warehouse. Express shipping (3 to 5 days) is available for $15.00 more.`,
  },
  {
    question: msg`What is the maximum weight per package?`,
    answer: msg`Each package may weigh up to 70 lbs (32 kg).`,
  },
  {
    question: msg`What is the maximum size per package?`,
    answer: msg`A package may measure up to 108 linear inches, adding up its length, width and height.`,
  },
  {
    question: msg`How is the shipping cost calculated?`,
    answer: msg`We charge per pound at your plan's rate, using the greater of the actual weight and the volumetric weight. Customs duties and taxes are not included.`,
  },
  {
    question: msg`What items cannot be shipped?`,
    answer: msg`We cannot ship liquids, aerosols, lithium batteries, perishables, weapons or medications without a prescription.`,
  },
  {
    question: msg`What is consolidation and how much does it cost?`,
    answer: msg`We group several of your packages into a single box so you pay for one shipment. It is free on the Standard and Premium plans and costs $5 on the Basic plan.`,
  },
  {
    question: msg`How can I track my package?`,
    answer: msg`Sign in to see every package in your locker, or use the public tracking page with the tracking token we give you for each package.`,
  },
  {
    question: msg`Are my packages insured?`,
    answer: msg`You can insure any shipment for 2% of its declared value. Every package is logged and photographed on request when it arrives.`,
  },
  {
    question: msg`When can I reach customer support?`,
    answer: msg`Write to us any time by email or WhatsApp: we answer every email within 24 hours. Our team is available Monday to Friday from 9:00 to 18:00 and Saturday from 10:00 to 14:00 (EST); we are closed on Sunday.`,
  },
]
