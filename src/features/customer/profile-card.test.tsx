import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LocalProfile } from '@/local-db/queries'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../tests/unit/render'
import { ProfileCard, type SaveProfile } from './profile-card'

const profile: LocalProfile = {
  id: '00000000-0000-4000-8000-0000000000aa',
  email: 'ana@example.com',
  full_name: 'Ana Pérez',
  phone: '+58 412 555 0101',
  role: 'user',
  country: 'Venezuela',
  delivery_address: null,
  city: 'Caracas',
  postal_code: null,
  id_number: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  locker_code: 'MIA100001',
}

function renderCard(saveProfile: SaveProfile = vi.fn(async () => {}), lang: 'es' | 'en' = 'en') {
  renderScreen(<ProfileCard profile={profile} saveProfile={saveProfile} />, { lang })
  return saveProfile
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const toast = () => useToastStore.getState().current

afterEach(() => useConnectivityStore.setState({ reachable: true }))

describe('profile card', () => {
  it('shows the saved profile, with a dash for what is missing', () => {
    renderCard()
    expect(screen.getByRole('heading', { name: 'Ana Pérez' })).toBeTruthy()
    const city = screen.getByText('City').parentElement!
    expect(within(city).getByText('Caracas')).toBeTruthy()
    const postal = screen.getByText('Postal code').parentElement!
    expect(within(postal).getByText('—')).toBeTruthy()
  })

  it('edits from the saved values and sends the trimmed changes', async () => {
    const save = renderCard()
    await press('Edit profile')
    expect(field('Full name').value).toBe('Ana Pérez')
    type('City', '  Valencia ')
    type('Postal code', '2001')
    await press('Save')
    expect(save).toHaveBeenCalledWith({
      full_name: 'Ana Pérez',
      phone: '+58 412 555 0101',
      country: 'Venezuela',
      delivery_address: null,
      city: 'Valencia',
      postal_code: '2001',
      id_number: null,
    })
    expect(toast()).toMatchObject({ title: 'Profile saved', variant: 'success' })
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy()
  })

  it('shows what is wrong in the form language and sends nothing', async () => {
    const save = renderCard(undefined, 'es')
    await press('Editar perfil')
    type('Nombre completo', ' ')
    type('Teléfono', 'llámame')
    await press('Guardar')
    expect(save).not.toHaveBeenCalled()
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy()
    expect(screen.getByText('Usa solo dígitos, espacios y + ( ) -.')).toBeTruthy()
  })

  it('offline, keeps the changes in the form and cannot save them', async () => {
    const save = renderCard()
    await press('Edit profile')
    type('City', 'Maracay')
    act(() => useConnectivityStore.setState({ reachable: false }))
    expect(screen.getByRole('status').textContent).toContain('You are offline')
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.submit(field('City').form!)
    expect(save).not.toHaveBeenCalled()
    act(() => useConnectivityStore.setState({ reachable: true }))
    expect(field('City').value).toBe('Maracay')
  })

  it('when the server refuses, says why and keeps the form as typed', async () => {
    renderCard(async () => {
      throw new Error('new row violates row-level security policy')
    })
    await press('Edit profile')
    type('City', 'Mérida')
    await press('Save')
    expect(toast()).toMatchObject({ title: 'Could not save your profile', description: 'new row violates row-level security policy', variant: 'destructive' })
    expect(field('City').value).toBe('Mérida')
  })

  it('cancel forgets what was typed', async () => {
    renderCard()
    await press('Edit profile')
    type('City', 'Mérida')
    await press('Cancel')
    await press('Edit profile')
    expect(field('City').value).toBe('Caracas')
  })
})
