import { describe, expect, it } from 'vitest'
import { appI18n } from '../../../tests/unit/app-i18n'
import { errorText, opRefusalText, refusalText } from './refusal-text'
import { refusalTexts } from './refusal-texts'

/** Values for every name any text reads from its detail: each key's text can be said with them. */
const sampleDetail = JSON.stringify({
  code: '1Z999',
  status: 'processing',
  from: 'requested',
  to: 'shipped',
  shipment: '3f1c2a7e-0000-4000-8000-000000000001',
  requested_at: '2026-11-20T15:04:05Z',
  max_kg: 32,
  max_cm: 274,
  max_days: 400,
  max_in: 108,
  max_usd: 50000,
  min_cents: 100,
  max_cents: 10000000,
  min: 1,
  max: 20,
  field: 'city',
  plan: 'gold',
})

describe('refusalText', () => {
  it('says every key in both languages, each in its own words', () => {
    const [en, es] = [appI18n('en'), appI18n('es')]
    for (const hint of Object.keys(refusalTexts)) {
      const refusal = { message: `server words for ${hint}`, code: 'P0001', hint, details: sampleDetail }
      const [english, spanish] = [refusalText(en, refusal), refusalText(es, refusal)]
      expect.soft(english, hint).not.toBe(refusal.message)
      expect.soft(english, hint).not.toMatch(/\{|undefined/)
      // A Spanish text left empty in the catalog would fall back to the English one.
      expect.soft(spanish, hint).not.toBe(english)
    }
  })

  it('fills in the values of the detail: statuses, the package, the shipment by its day', () => {
    const held = { message: 'package 1Z999 is in shipment …', code: '22023', hint: 'package_in_open_shipment', details: sampleDetail }
    expect(refusalText(appI18n('en'), held)).toMatch(/^Package 1Z999 is in the shipment of .*2026.*, which is processing: .*cannot be deleted/)
    expect(refusalText(appI18n('es'), held)).toMatch(/^El paquete 1Z999 está en el envío del .*2026.*, que está en proceso: .*no se puede eliminar/)
    const step = { message: 'a shipment that is requested cannot become shipped', code: '22023', hint: 'shipment_step_not_allowed', details: sampleDetail }
    expect(refusalText(appI18n('en'), step)).toBe('A shipment that is requested cannot become shipped.')
  })

  it('names the language a content refusal is about, given as one word', () => {
    const title = { message: 'an article needs a title in en', code: '22023', hint: 'title_needed', details: 'en' }
    expect(refusalText(appI18n('en'), title)).toBe('The article needs a title in English.')
    expect(refusalText(appI18n('es'), title)).toBe('El artículo necesita un título en inglés.')
  })

  it('says a check constraint by its name, and Storage refusals by their code', () => {
    const weight = { message: 'new row for relation "packages" violates check constraint "packages_weight_kg_range"', code: '23514' }
    expect(refusalText(appI18n('en'), weight)).toBe('The weight must be between 0 and 32 kg.')
    expect(refusalText(appI18n('en'), { message: 'mime type text/plain is not supported', code: '415' })).toBe('This kind of file is not accepted.')
  })

  it('shows anything unknown as the server said it, whatever its wording', () => {
    expect(refusalText(appI18n('es'), { message: 'something new went wrong', code: 'P0001', hint: 'a_key_from_the_future' })).toBe('something new went wrong')
  })

  it('says a refused op in the reader’s language from its stored key; an op refused before keys keeps its message', () => {
    const keyed = { lastError: 'Shipment not found', lastErrorKey: { code: 'PT404', hint: 'shipment_not_found', details: null } }
    expect(opRefusalText(appI18n('es'), keyed)).toBe('Este envío ya no existe.')
    expect(opRefusalText(appI18n('es'), { lastError: 'Shipment not found' })).toBe('Shipment not found')
  })

  it('says a failed call by its key where the error keeps one, else in its own words', () => {
    // What remote/refused-error.ts throws: an Error keeping the answer's code, hint and details.
    const reversed = Object.assign(new Error('the range starts after it ends'), { code: '22023', hint: 'report_range_reversed', details: '{"from": "2026-11-20", "to": "2026-11-10"}' })
    expect(errorText(appI18n('en'), reversed)).toBe('The first day of the report comes after its last day.')
    expect(errorText(appI18n('es'), new Error('Failed to fetch'))).toBe('Failed to fetch')
  })
})
