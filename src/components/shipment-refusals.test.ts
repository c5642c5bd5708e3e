import { describe, expect, it } from 'vitest'
import migration from '../../supabase/migrations/20261124140000_shipments.sql?raw'
import corrections from '../../supabase/migrations/20261201130000_correctable_shipments.sql?raw'
import { appI18n } from '../../tests/unit/render'
import { shipmentRefusal } from './shipment-refusals'

/**
 * Every message the shipment RPCs raise, as the server sends it: the migrations' `raise exception`
 * texts (the first's from record_shipment_op on, the corrections' all), with each `%` filled in (a status where the text names one, a
 * number elsewhere). A new message in the migration is checked here without anyone listing it.
 */
function serverMessages(): string[] {
  const rpcs = migration.slice(migration.indexOf('create function public.record_shipment_op')) + corrections
  const texts = [...rpcs.matchAll(/raise exception '((?:[^']|'')*)'/g)].map(([, text]) => text!.replaceAll("''", "'"))
  const statuses = ['approved', 'shipped']
  return [...new Set(texts)].map((text) => {
    let status = 0
    return text.replace(/(that is |from |to |which is )?%/g, (_, before?: string) => (before ? before + statuses[status++ % 2] : '42'))
  })
}

describe('shipmentRefusal', () => {
  const messages = serverMessages()

  it('finds the messages of the migration', () => {
    expect(messages.length).toBeGreaterThan(30)
    expect(messages).toContain('a shipment that is approved cannot be approved')
  })

  for (const lang of ['en', 'es'] as const) {
    it(`says every refusal in ${lang}, none as the server's words`, () => {
      const i18n = appI18n(lang)
      for (const message of messages) {
        const said = shipmentRefusal(i18n, message)
        expect.soft(said, message).not.toBe(message)
        expect.soft(said, message).not.toMatch(/\bp_\w+|_cm\b|_usd\b/)
      }
    })
  }

  it('names the statuses and the package in the reader’s language', () => {
    expect(shipmentRefusal(appI18n('es'), 'a shipment that is shipped cannot be cancelled')).toBe('Este envío ya no se puede cancelar: está enviado.')
    expect(shipmentRefusal(appI18n('en'), 'a shipment that is requested cannot become shipped')).toBe('A shipment that is requested cannot become shipped.')
    expect(shipmentRefusal(appI18n('es'), 'p_package_ids: package 1Z999 is not at the warehouse')).toBe('El paquete 1Z999 ya no está en el almacén.')
  })

  it('names the shipment that holds a package by the day it was asked for, and its status', () => {
    const held = 'package 1Z999 is in shipment 3f1c2a7e-0000-4000-8000-000000000001 of 2026-11-20T15:04:05Z, which is processing: it changes with the shipment'
    expect(shipmentRefusal(appI18n('en'), held)).toMatch(/^Package 1Z999 is in the shipment of .*2026.*, which is processing: /)
    expect(shipmentRefusal(appI18n('es'), held)).toMatch(/^El paquete 1Z999 está en el envío del .*2026.*, que está en proceso: /)
  })

  it('passes on what it does not know as the server said it', () => {
    expect(shipmentRefusal(appI18n('es'), 'something new went wrong')).toBe('something new went wrong')
  })
})
