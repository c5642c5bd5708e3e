import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueuedOp } from '@/local-db/db'

/** The content RPCs' refusal keys (their `hint`, supabase/migrations/20261202110000_content_editor.sql), in the admin's language. */
const refusals: Record<string, MessageDescriptor> = {
  admins_only: msg`Your account is no longer an admin: only admins edit the site's content.`,
  slug_taken: msg`Another article already uses this address.`,
  bad_slug: msg`An address uses lowercase letters and digits, in words joined by hyphens.`,
  title_needed: msg`The article needs a title.`,
  body_needed: msg`A published article needs its text.`,
  cover_needs_alt: msg`A published article's cover needs its description.`,
  no_language: msg`The article needs a text in at least one language.`,
  bad_languages: msg`The article's texts are in Spanish and English only.`,
  bad_category: msg`Choose one of the categories.`,
  author_needed: msg`The article needs its author.`,
  published_needs_time: msg`A published article needs the time it is published from.`,
  faq_needs_text: msg`An answer needs its question and its answer in at least one language.`,
  faq_not_found: msg`This answer no longer exists.`,
  op_reused: msg`The server already has a different change under this change's id. Discard it and make the change again.`,
  missing_id: msg`This change reached the server incomplete. Discard it and make the change again.`,
}

const languages: Record<string, MessageDescriptor> = { es: msg`Spanish`, en: msg`English` }

/** Why the server refused a content change, from its key (and the language it names); undefined when it named none we know. */
export function contentRefusal(i18n: I18n, refusal: QueuedOp['refusal']): string | undefined {
  const known = refusal && refusals[refusal.key]
  if (!known) return undefined
  const language = refusal.detail ? languages[refusal.detail] : undefined
  return language ? `${i18n._(known)} (${i18n._(language)})` : i18n._(known)
}
