import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../tests/unit/render'
import { MailLanguageCard } from './mail-language-card'

const select = (label = 'Language of our emails') => screen.getByLabelText(label, { exact: false }) as HTMLSelectElement
const choose = (value: string) => act(async () => fireEvent.change(select(), { target: { value } }))

afterEach(() => useConnectivityStore.setState({ reachable: true }))

describe('mail language card', () => {
  it('saves the language chosen, and only that', async () => {
    const save = vi.fn(async () => {})
    renderScreen(<MailLanguageCard lang="es" saveProfile={save} />)
    expect(select().value).toBe('es')
    await choose('en')
    expect(save).toHaveBeenCalledWith({ lang: 'en' })
    expect(select().value).toBe('en')
    expect(useToastStore.getState().current).toMatchObject({ title: 'Email language saved' })
  })

  it('goes back to the saved language when the server refuses, and says so in Spanish', async () => {
    renderScreen(<MailLanguageCard lang="en" saveProfile={async () => Promise.reject(new Error('down'))} />, { lang: 'es' })
    await act(async () => fireEvent.change(select('Idioma de nuestros correos'), { target: { value: 'es' } }))
    expect(select('Idioma de nuestros correos').value).toBe('en')
    expect(useToastStore.getState().current).toMatchObject({ title: 'No se pudo guardar el idioma de tus correos' })
  })

  it('cannot be changed offline', () => {
    useConnectivityStore.setState({ reachable: false })
    renderScreen(<MailLanguageCard lang="es" saveProfile={vi.fn()} />)
    expect(select().disabled).toBe(true)
  })
})
