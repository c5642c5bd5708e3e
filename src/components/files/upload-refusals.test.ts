import { describe, expect, it } from 'vitest'
import migration from '../../../supabase/migrations/20261125130000_photos_documents_avatars.sql?raw'
import errors from '../../../supabase/local/storage/errors.ts?raw'
import { appI18n } from '../../../tests/unit/render'
import { uploadRefusal } from './upload-refusals'

/**
 * Every message a file can be refused with: the `raise exception` texts of the file RPCs (each `%`
 * filled in: a state where the text names one, a path elsewhere) and the client errors of the
 * Storage stand-in, which speaks as Supabase Storage does. A new message is checked here without
 * anyone listing it.
 */
function serverMessages(): string[] {
  const raised = [...migration.matchAll(/raise exception '((?:[^']|'')*)'/g)].map(([, text]) => text!.replaceAll("''", "'"))
  const rpcMessages = raised.map((text) => text.replace(/to a % %/, 'to a delivered shipment').replace(/to a %$/, 'to a prealert').replaceAll('%', 'a1/b2.jpg'))
  const storageMessages = [...errors.matchAll(/\(\s*'(\d{3})',\s*'[^']*',\s*(?:'([^']*)'|`([^`]*)`)\)/g)]
    .filter(([, code]) => ['403', '413', '415'].includes(code!))
    .map(([, , plain, template]) => (plain ?? template!).replace('${type}', 'text/plain'))
  return [...new Set([...rpcMessages, ...storageMessages])].filter((message) => !/headers must have|jwt|JWT/.test(message))
}

describe('uploadRefusal', () => {
  const messages = serverMessages()

  it('finds the messages of the migration and of Storage', () => {
    expect(messages).toContain('a package has at most 20 photos')
    expect(messages).toContain('mime type text/plain is not supported')
    expect(messages).toContain('The object exceeded the maximum allowed size')
    expect(messages.length).toBeGreaterThan(12)
  })

  for (const lang of ['en', 'es'] as const) {
    it(`says every refusal in ${lang}, none as the server's words`, () => {
      const i18n = appI18n(lang)
      for (const message of messages) expect.soft(uploadRefusal(i18n, message), message).not.toBe(message)
    })
  }
})
