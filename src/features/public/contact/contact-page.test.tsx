import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../../tests/unit/render'
import { simulatedSendMs } from './contact-form'
import { ContactPage } from './contact-page'

afterEach(() => vi.useRealTimers())

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement

describe('contact form', () => {
  it('marks every empty field with an inline error in Spanish', () => {
    renderScreen(<ContactPage />, { lang: 'es' })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))
    const invalid = document.querySelectorAll('[aria-invalid="true"]')
    expect(invalid).toHaveLength(4)
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4)
    expect(document.activeElement).toBe(invalid[0])
  })

  it('sends for 1.5 s with a busy button, then confirms and clears the form', async () => {
    vi.useFakeTimers()
    renderScreen(<ContactPage />, { lang: 'en' })
    fireEvent.change(field(/full name/i), { target: { value: 'Ana Pérez' } })
    fireEvent.change(field(/^email$/i), { target: { value: 'ana@example.com' } })
    fireEvent.change(field(/subject/i), { target: { value: 'tracking' } })
    fireEvent.change(field(/^message$/i), { target: { value: 'Where is my package?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))

    const button = screen.getByRole('button', { name: /sending/i })
    expect(button).toHaveProperty('disabled', true)
    expect(useToastStore.getState().current).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(simulatedSendMs))
    expect(useToastStore.getState().current?.title).toBe('Message sent')
    expect(field(/full name/i).value).toBe('')
    expect(field(/^message$/i).value).toBe('')
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', false)
  })
})
