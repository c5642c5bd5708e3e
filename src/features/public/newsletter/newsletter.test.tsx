import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RefusedError } from '@/remote/refused-error'
import { renderScreen } from '../../../../tests/unit/render'
import { NewsletterBox } from './newsletter-box'
import { NewsletterLinkPage } from './newsletter-link-page'

describe('newsletter box', () => {
  it("subscribes the address in the page's language and says a link was mailed to confirm it", async () => {
    const subscribe = vi.fn(() => Promise.resolve(null))
    renderScreen(<NewsletterBox subscribe={subscribe} />, { lang: 'es' })
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: ' ana@example.com ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Suscribirme' }))
    expect(await screen.findByText('Ya casi: abre el enlace que enviamos a ana@example.com para confirmar tu suscripción.')).toBeTruthy()
    expect(subscribe).toHaveBeenCalledWith('ana@example.com', 'es')
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('')
  })

  it('asks for a valid address before calling the server, and says a refusal keeping the address', async () => {
    const subscribe = vi.fn(() => Promise.reject(new RefusedError({ message: 'just sent', code: '54000', hint: 'newsletter_rate_limited', details: null })))
    renderScreen(<NewsletterBox subscribe={subscribe} />, { lang: 'en' })
    const email = screen.getByLabelText('Email') as HTMLInputElement
    fireEvent.change(email, { target: { value: 'ana@' } })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy()
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(subscribe).not.toHaveBeenCalled()

    fireEvent.change(email, { target: { value: 'ana@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('We sent you a confirmation link a moment ago: check your inbox, or try again in a few minutes.')).toBeTruthy()
    expect(email.value).toBe('ana@example.com')
  })
})

describe("a newsletter mail's link", () => {
  it('confirms with its token as it opens, and says so', async () => {
    const act = vi.fn(() => Promise.resolve('confirmed' as const))
    renderScreen(<NewsletterLinkPage action="confirm" act={act} />, { lang: 'es', path: '/es/newsletter/confirm?token=abc123' })
    expect(await screen.findByText('Tu suscripción está confirmada. ¡Gracias!')).toBeTruthy()
    expect(act).toHaveBeenCalledWith('abc123')
  })

  it('unsubscribes, says an unknown link is not valid, and tries again after a lost connection', async () => {
    const act = vi.fn<(token: string) => Promise<'unsubscribed'>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('unsubscribed')
    renderScreen(<NewsletterLinkPage action="unsubscribe" act={act} />, { lang: 'en', path: '/en/newsletter/unsubscribe?token=abc123' })
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'There is no connection to the server. Nothing was lost: try again when you are online.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('You are unsubscribed: we will not send you the newsletter any more.')).toBeTruthy()
    expect(act).toHaveBeenCalledTimes(2)
  })

  it('says a link whose token the server does not know is not valid any more', async () => {
    const act = vi.fn(() => Promise.reject(new RefusedError({ message: 'unknown', code: 'PT404', hint: 'newsletter_token_unknown', details: null })))
    renderScreen(<NewsletterLinkPage action="confirm" act={act} />, { lang: 'es', path: '/es/newsletter/confirm?token=old' })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Este enlace ya no es válido. Suscríbete de nuevo para recibir otro.'))
  })
})
