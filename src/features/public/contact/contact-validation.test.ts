import { describe, expect, it } from 'vitest'
import { contactLimits } from '@/components/contact-limits'
import { atMostCharacters, validationMessages } from '@/components/form-validation'
import { emptyContactForm, validateContact } from './contact-validation'

describe('contact validation', () => {
  it('requires every field', () => {
    expect(validateContact(emptyContactForm)).toEqual({
      name: validationMessages.required,
      email: validationMessages.required,
      subject: validationMessages.required,
      message: validationMessages.required,
    })
    expect(validateContact({ ...emptyContactForm, name: '   ', message: '\n' })).toMatchObject({ name: validationMessages.required, message: validationMessages.required })
  })

  it('wants a real email address', () => {
    const form = { name: 'Ana', email: 'ana@', subject: 'billing', message: 'Hola' } as const
    expect(validateContact(form)).toEqual({ email: validationMessages.email })
    expect(validateContact({ ...form, email: ' ana@example.com ' })).toEqual({})
  })

  it('takes a name and a message up to what the server takes, counted as the database counts them', () => {
    const form = { name: 'n'.repeat(contactLimits.name), email: 'ana@example.com', subject: 'billing', message: '😀'.repeat(contactLimits.message) } as const
    expect(validateContact(form)).toEqual({})
    expect(validateContact({ ...form, name: `${form.name}n`, message: `${form.message}😀` })).toEqual({
      name: atMostCharacters(contactLimits.name),
      message: atMostCharacters(contactLimits.message),
    })
  })
})
