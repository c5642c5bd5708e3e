import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { TrackingResult } from '@/remote/tracking'
import { renderScreen } from '../../../../tests/unit/render'
import { TrackingPage } from './tracking-page'

const found: TrackingResult = {
  kind: 'found',
  package: { status: 'transito', locker_code: 'MIA100002', tracking_code: null, weight_kg: 2.5, volume_m3: 0.03, updated_at: '2025-10-01T15:00:00Z' },
}

async function track(token: string, result: TrackingResult, lang: 'es' | 'en' = 'en') {
  const lookup = vi.fn(async (_token: string) => result)
  renderScreen(<TrackingPage lookup={lookup} />, { lang })
  fireEvent.change(screen.getByRole('textbox'), { target: { value: token } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Track' : 'Rastrear' })))
  return lookup
}

describe('tracking form', () => {
  it('does nothing with an empty or blank token', async () => {
    const lookup = await track('   ', found)
    expect(lookup).not.toHaveBeenCalled()
    expect(screen.queryByTestId('tracking-result')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('looks up the trimmed token and shows the result card', async () => {
    const lookup = await track('  00000000-0000-4000-8000-000000000003 ', found)
    expect(lookup).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000003')
    const card = screen.getByTestId('tracking-result')
    expect(card.textContent).toContain('In transit')
    expect(card.textContent).toContain('MIA100002')
    expect(card.textContent).toContain('no tracking')
    expect(card.textContent).toContain('2.5 kg')
    expect(card.textContent).toContain('m³')
  })

  it('is busy while the lookup runs', async () => {
    let answer: (result: TrackingResult) => void = () => {}
    const lookup = vi.fn((_token: string) => new Promise<TrackingResult>((resolve) => (answer = resolve)))
    renderScreen(<TrackingPage lookup={lookup} />, { lang: 'en' })
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'abc' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Track' })))
    const button = screen.getByRole('button', { name: 'Track' })
    expect(button).toHaveProperty('disabled', true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    await act(async () => answer(found))
    expect(button).toHaveProperty('disabled', false)
    expect(screen.getByTestId('tracking-result')).toBeTruthy()
  })

  it('says when nothing was found, in each language', async () => {
    await track('x', { kind: 'not-found' }, 'es')
    expect(screen.getByRole('alert').textContent).toBe('Paquete no encontrado.')
  })

  it('says what a token looks like when it is not one, in each language (never the database’s words)', async () => {
    await track('x', { kind: 'invalid-token' })
    expect(screen.getByRole('alert').textContent).toBe('That is not a tracking token. A token looks like this: 00000000-0000-4000-8000-000000000000.')
    cleanup()
    await track('x', { kind: 'invalid-token' }, 'es')
    expect(screen.getByRole('alert').textContent).toMatch(/^Eso no es un token de seguimiento/)
  })

  it('explains an exception', async () => {
    await track('x', { kind: 'exception' }, 'es')
    expect(screen.getByRole('alert').textContent).toBe('Error consultando el tracking.')
  })

  it('explains that tracking needs a connection', async () => {
    await track('x', { kind: 'offline' })
    expect(screen.getByRole('alert').textContent).toBe('You are offline. Tracking needs a connection.')
  })

  it('treats a failing lookup as an error, and the button works again', async () => {
    const lookup = vi.fn(async (_token: string): Promise<TrackingResult> => {
      throw new Error('network down')
    })
    renderScreen(<TrackingPage lookup={lookup} />, { lang: 'en' })
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'abc' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Track' })))
    expect(screen.getByRole('alert').textContent).toBe('Error checking tracking.')
    expect(screen.getByRole('button', { name: 'Track' })).toHaveProperty('disabled', false)
  })
})
