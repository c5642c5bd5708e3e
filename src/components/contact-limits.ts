import { authLimits } from './form-validation'

/**
 * What send_contact_message and answer_contact_message take, in characters as the database counts them
 * (supabase/schemas/98_contact_and_newsletter.sql), and how many messages an address may send an hour;
 * tests/db/contact-messages.test.ts holds the two equal.
 */
export const contactLimits = { name: 200, email: authLimits.emailMaxLength, message: 5000, answer: 5000, messagesPerHour: 5 } as const
