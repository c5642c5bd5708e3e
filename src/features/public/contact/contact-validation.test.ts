import { describe, expect, it } from 'vitest'
import { validationMessages } from '@/components/form-validation'
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
})
