// A document's name is cut on the device where the database would refuse it and nowhere else, on
// PGlite and PostgreSQL 15: random file names around 120 characters (emoji among them, whitespace
// around) become documentName's name, which attach_document itself takes as their customer (it
// checks the name before it looks for the file, so a refusal for the missing file means the name
// passed), and which is the file's own name, trimmed, whenever that one passes.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { documentName, maxDocumentName } from '@/components/files/prepare-files'
import { textOf, whitespace } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

const fileNameArb = fc.oneof(textOf(fc.integer({ min: maxDocumentName - 2, max: maxDocumentName + 2 })), textOf(fc.integer({ min: 0, max: 3 })), fc.constantFrom(...whitespace))

describe.each(engines)('a document’s name, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  it('cuts only what the database refuses', async () => {
    const customer = await createApiUser(db)
    const attach = `select public.attach_document('prealert', gen_random_uuid(), '${customer.sub}/${randomUUID()}.pdf', $1 #>> '{}')`
    await fc.assert(
      fc.asyncProperty(fc.array(fileNameArb, { minLength: 20, maxLength: 20 }), async (fileNames) => {
        const [kept, asTyped] = await Promise.all([verdicts(db, customer, attach, fileNames.map(documentName)), verdicts(db, customer, attach, fileNames)])
        fileNames.forEach((fileName, index) => {
          const facts = JSON.stringify({ fileName, kept: kept[index], asTyped: asTyped[index] })
          expect(kept[index], facts).toBe('file_not_uploaded')
          if (asTyped[index] === 'file_not_uploaded') expect(documentName(fileName), facts).toBe(fileName.trim())
        })
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })
})
