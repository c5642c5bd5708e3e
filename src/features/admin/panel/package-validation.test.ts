import { describe, expect, it } from 'vitest'
import { emptyPackageForm, packageFields, packageMessages, parseMeta, validatePackage } from './package-validation'

const form = (fields: Partial<typeof emptyPackageForm>) => ({ ...emptyPackageForm, ...fields })

describe('registering a package: validation', () => {
  it('accepts an empty optional form, sending nulls', () => {
    expect(validatePackage(emptyPackageForm)).toEqual({})
    expect(packageFields(form({ trackingCode: '   ' }))).toEqual({ status: 'recibido', tracking_code: null, weight_kg: null, volume_m3: null, meta: null })
  })

  it('keeps the weight within 0–32 kg, whatever the input says', () => {
    for (const ok of ['0', '32', '0.01', '12.5']) expect(validatePackage(form({ weightKg: ok })).weightKg).toBeUndefined()
    for (const bad of ['-0.01', '32.01', 'abc', '1e9', 'Infinity']) expect(validatePackage(form({ weightKg: bad })).weightKg).toBe(packageMessages.weightRange)
  })

  it('refuses a negative or non-numeric volume', () => {
    expect(validatePackage(form({ volumeM3: '0.0001' })).volumeM3).toBeUndefined()
    expect(validatePackage(form({ volumeM3: '-1' })).volumeM3).toBe(packageMessages.volumeRange)
    expect(validatePackage(form({ volumeM3: 'NaN' })).volumeM3).toBe(packageMessages.volumeRange)
  })

  it('takes meta only as a JSON object', () => {
    expect(parseMeta('{"store": "Amazon", "photos": []}')).toEqual({ store: 'Amazon', photos: [] })
    expect(parseMeta(' null ')).toBeNull()
    for (const bad of ['[1, 2]', '"text"', '42', '{not json', 'true']) expect(validatePackage(form({ meta: bad })).meta).toBe(packageMessages.metaInvalid)
  })

  it('trims the tracking code and bounds its length', () => {
    expect(packageFields(form({ trackingCode: '  1Z999  ', weightKg: '2.5' }))).toMatchObject({ tracking_code: '1Z999', weight_kg: 2.5 })
    // As printed on a label or typed by hand: the code prealerts and searches compare.
    expect(packageFields(form({ trackingCode: ' 1z 999\taa1 ' })).tracking_code).toBe('1Z999AA1')
    expect(validatePackage(form({ trackingCode: 'x'.repeat(101) })).trackingCode).toBe(packageMessages.trackingTooLong)
  })
})
