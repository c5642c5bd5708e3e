import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * What any change may hear from the server, whatever it is about, in the reader's language: a
 * server not updated yet for this kind of change, an op id reused, a session gone, a change that
 * arrived damaged or too large.
 */
const refusals: [RegExp, MessageDescriptor][] = [
  [/^Could not find the function /, msg`The server cannot take this kind of change yet: it is probably being updated. Try again later.`],
  [/^operation \S+ was already recorded for a different change$/, msg`The server already has a different change under this change's id. Discard it and make the change again.`],
  [/^Not signed in$|^permission denied: sign in to /, msg`Your session ended: log in again to send this change.`],
  [/^p_[\w, ]+ (is|are) required$/, msg`This change reached the server incomplete. Discard it and make the change again.`],
  [/^Request body too large|^Request size limit exceeded|^Payload too large/i, msg`This change is too large for the server. Discard it and make it again in smaller parts.`],
]

/**
 * Why the server refused a change: what `explain` (the messages of its own kind) makes of it, else
 * what every kind may hear, else the server's own words.
 */
export function refusalReason(i18n: I18n, serverMessage: string, explain?: (i18n: I18n, serverMessage: string) => string): string {
  const own = explain?.(i18n, serverMessage)
  if (own !== undefined && own !== serverMessage) return own
  const known = refusals.find(([pattern]) => pattern.test(serverMessage))
  return known ? i18n._(known[1]) : serverMessage
}
