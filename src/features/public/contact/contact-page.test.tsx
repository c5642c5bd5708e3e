import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RefusedError } from '@/remote/refused-error'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../../tests/unit/render'
import { ContactForm } from './contact-form'
import { ContactPage } from './contact-page'

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement

function fillIn() {
  fireEvent.change(field(/full name|nombre/i), { target: { value: ' Ana Pérez ' } })
  fireEvent.change(field(/^(email|correo)/i), { target: { value: 'ana@example.com' } })
  fireEvent.change(field(/subject|asunto/i), { target: { value: 'tracking' } })
  fireEvent.change(field(/^(message|mensaje)$/i), { target: { value: 'Where is my package?' } })
}

describe('contact form', () => {
  it('marks every empty field with an inline error in Spanish', () => {
    renderScreen(<ContactPage />, { lang: 'es' })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))
    const invalid = document.querySelectorAll('[aria-invalid="true"]')
    expect(invalid).toHaveLength(4)
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4)
    expect(document.activeElement).toBe(invalid[0])
  })

  it("sends the message in the page's language with a busy button, then confirms and clears the form", async () => {
    let answer!: () => void
    const send = vi.fn(() => new Promise<null>((resolve) => (answer = () => resolve(null))))
    renderScreen(<ContactForm send={send} />, { lang: 'en' })
    fillIn()
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))

    expect(screen.getByRole('button', { name: /sending/i })).toHaveProperty('disabled', true)
    expect(send).toHaveBeenCalledWith({ name: ' Ana Pérez ', email: 'ana@example.com', subject: 'tracking', message: 'Where is my package?', website: '' }, 'en')
    expect(useToastStore.getState().current).toBeNull()
    answer()
    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Message sent'))
    expect(field(/full name/i).value).toBe('')
    expect(field(/^message$/i).value).toBe('')
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', false)
    useToastStore.getState().dismiss()
  })

  it("says why the server refused, in the reader's language, and keeps what was typed", async () => {
    const send = vi.fn(() => Promise.reject(new RefusedError({ message: 'too many messages', code: '54000', hint: 'contact_rate_limited', details: '{"max": 5}' })))
    renderScreen(<ContactForm send={send} />, { lang: 'es' })
    fillIn()
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Esta dirección envió 5 mensajes en la última hora. Espera un rato y vuelve a escribir.'))
    expect(field(/^mensaje$/i).value).toBe('Where is my package?')
    expect(useToastStore.getState().current).toBeNull()
  })

  it('without a connection says so and keeps what was typed', async () => {
    const send = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    renderScreen(<ContactForm send={send} />, { lang: 'en' })
    fillIn()
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There is no connection to the server. Nothing was lost: try again when you are online.'))
    expect(field(/full name/i).value).toBe(' Ana Pérez ')
  })

  it('hides the honeypot from people (and their keyboards) and sends what a bot put in it', async () => {
    const send = vi.fn(() => Promise.resolve(null))
    const { container } = renderScreen(<ContactForm send={send} />, { lang: 'en' })
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(honeypot.tabIndex).toBe(-1)
    fillIn()
    fireEvent.change(honeypot, { target: { value: 'http://spam.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(send).toHaveBeenCalledWith(expect.objectContaining({ website: 'http://spam.example' }), 'en'))
    useToastStore.getState().dismiss()
  })
})
