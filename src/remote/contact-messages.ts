import { getSupabase } from './client'
import { RefusedError } from './refused-error'

export interface ContactMessage {
  id: string
  user_id: string | null
  name: string
  email: string
  lang: 'es' | 'en'
  subject: string
  body: string
  status: 'open' | 'answered'
  answer: string | null
  answered_at: string | null
  created_at: string
}

const columns = 'id, user_id, name, email, lang, subject, body, status, answer, answered_at, created_at'

/**
 * Contact messages as the signed-in user may read them, newest first: a customer their own, an admin
 * every one (RLS), of one status if asked. A live read: the inbox is not kept on the device.
 */
export async function fetchContactMessages(status?: ContactMessage['status']): Promise<ContactMessage[]> {
  const client = await getSupabase()
  const query = client.from('contact_messages').select(columns).order('created_at', { ascending: false })
  const { data, error } = await (status ? query.eq('status', status) : query)
  if (error) throw new RefusedError(error)
  return data as ContactMessage[]
}

export async function fetchContactMessage(id: string): Promise<ContactMessage | null> {
  const client = await getSupabase()
  const { data, error } = await client.from('contact_messages').select(columns).eq('id', id)
  if (error) throw new RefusedError(error)
  return (data as ContactMessage[])[0] ?? null
}

/** Staff's answer (a clerk's or an admin's): kept with the message and mailed to its sender (answer_contact_message). */
export async function answerContactMessage(id: string, answer: string): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.rpc('answer_contact_message', { p_id: id, p_answer: answer })
  if (error) throw new RefusedError(error)
}

export interface NewsletterSubscriber {
  address: string
  lang: 'es' | 'en'
  confirmed_at: string
}

/** The confirmed subscribers, oldest first (admins only). */
export async function fetchConfirmedSubscribers(): Promise<NewsletterSubscriber[]> {
  const client = await getSupabase()
  const { data, error } = await client.rpc('confirmed_newsletter_subscribers')
  if (error) throw new RefusedError(error)
  return data as NewsletterSubscriber[]
}
