import { describe, expect, it } from 'vitest'
import { atMostCharacters, validationMessages } from '@/components/form-validation'
import { profileLimits } from '@/components/profile-limits'
import { editableProfileFields, profileChanges, validateProfile, type EditableProfile } from './profile-validation'

const valid: EditableProfile = {
  full_name: 'Ana Pérez',
  phone: '+58 (412) 555-0101',
  country: 'Venezuela',
  delivery_address: 'Av. Libertador 12',
  city: 'Caracas',
  postal_code: '1010',
  id_number: 'V-12345678',
}

describe('validateProfile', () => {
  it('accepts a complete profile, and one with only a name', () => {
    expect(validateProfile(valid)).toEqual({})
    const onlyName = { ...Object.fromEntries(editableProfileFields.map((field) => [field, ''])), full_name: 'Ana' } as EditableProfile
    expect(validateProfile(onlyName)).toEqual({})
  })

  it('requires a name that is more than blanks', () => {
    expect(validateProfile({ ...valid, full_name: '   ' })).toEqual({ full_name: validationMessages.required })
  })

  it.each(['0412-555-0101 ext. 2', 'call me', '+58 412 555 01O1'])('refuses the phone %j', (phone) => {
    expect(validateProfile({ ...valid, phone })).toEqual({ phone: validationMessages.phone })
  })

  it.each(editableProfileFields)('limits %s to the profiles table’s characters, not counting the blanks around it', (field) => {
    const max = profileLimits[field]
    const fill = field === 'phone' ? '5' : 'x'
    expect(validateProfile({ ...valid, [field]: ` ${fill.repeat(max)} ` })).toEqual({})
    expect(validateProfile({ ...valid, [field]: fill.repeat(max + 1) })).toEqual({ [field]: atMostCharacters(max) })
  })

  it('reports every field in error at once', () => {
    expect(Object.keys(validateProfile({ ...valid, full_name: '', phone: 'x', city: 'c'.repeat(101) })).sort()).toEqual(['city', 'full_name', 'phone'])
  })
})

describe('profileChanges', () => {
  it('sends every editable field trimmed, empty ones as null', () => {
    expect(profileChanges({ ...valid, full_name: '  Ana  ', city: '   ', id_number: '' })).toEqual({
      ...valid,
      full_name: 'Ana',
      city: null,
      id_number: null,
    })
  })
})
