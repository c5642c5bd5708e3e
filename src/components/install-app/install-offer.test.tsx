import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderScreen } from '../../../tests/unit/render'
import type { BeforeInstallPromptEvent } from './install-prompt'

const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A fresh page load: the offer and the install state live in module state. */
async function load() {
  vi.resetModules()
  return {
    ...(await import('./install-offer')),
    ...(await import('./install-app-button')),
    ...(await import('./install-app-card')),
    ...(await import('./ios-install-hint')),
  }
}

/** What Chromium does when the app becomes installable; the user's choice is up to the test. */
function offerInstall() {
  let choose!: (outcome: 'accepted' | 'dismissed') => void
  const userChoice = new Promise<{ outcome: 'accepted' | 'dismissed' }>((resolve) => (choose = (outcome) => resolve({ outcome })))
  const prompt = vi.fn(async () => undefined)
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice }) as BeforeInstallPromptEvent
  act(() => void window.dispatchEvent(event))
  return { event, prompt, choose: (outcome: 'accepted' | 'dismissed') => act(async () => choose(outcome)) }
}

const installButton = () => screen.queryByRole('button', { name: 'Install app' })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the browser install dialog', () => {
  it('keeps an offer made before anything rendered, instead of letting the browser show its own banner', async () => {
    const { installOffer, InstallAppButton } = await load()
    const { event } = offerInstall()
    expect(event.defaultPrevented).toBe(true)
    expect(installOffer()).toBe('prompt')
    renderScreen(<InstallAppButton />)
    expect(installButton()).not.toBeNull()
  })

  it('shows the dialog once per offer and goes away when the user accepts', async () => {
    const { installOffer, InstallAppButton } = await load()
    const { prompt, choose } = offerInstall()
    renderScreen(<InstallAppButton />)
    fireEvent.click(installButton()!)
    fireEvent.click(installButton()!)
    expect(prompt).toHaveBeenCalledTimes(1)
    await choose('accepted')
    expect(installButton()).toBeNull()
    expect(installOffer()).toBeNull()
  })

  it('after a dismissed dialog, waits for the browser to offer again', async () => {
    const { installOffer, InstallAppButton } = await load()
    const { choose } = offerInstall()
    renderScreen(<InstallAppButton />)
    fireEvent.click(installButton()!)
    await choose('dismissed')
    expect(installButton()).toBeNull()
    offerInstall()
    expect(installButton()).not.toBeNull()
    expect(installOffer()).toBe('prompt')
  })

  it('goes away when the app is installed from the browser menu', async () => {
    const { InstallAppButton } = await load()
    offerInstall()
    renderScreen(<InstallAppButton />)
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(installButton()).toBeNull()
  })

  it('offers nothing inside the installed app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphoneSafari)
    const { installOffer } = await load()
    offerInstall()
    expect(installOffer()).toBe('prompt')
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)', addEventListener() {}, removeEventListener() {} }))
    expect(installOffer()).toBeNull()
  })

  it('the dashboard card says "not now" for good, and the header button stays', async () => {
    const { InstallAppButton, InstallAppCard } = await load()
    offerInstall()
    renderScreen(
      <>
        <InstallAppCard />
        <InstallAppButton />
      </>,
    )
    expect(screen.getAllByRole('button', { name: 'Install app' })).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('heading', { name: 'Install the app' })).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Install app' })).toHaveLength(1)

    const reloaded = await load()
    expect(reloaded.installOffer('dashboard-card')).toBeNull()
  })
})

describe('iPhone and iPad Safari', () => {
  it('explains Share → Add to Home Screen until dismissed, also after a reload', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphoneSafari)
    const { IosInstallHint } = await load()
    renderScreen(<IosInstallHint />, { lang: 'es' })
    expect(screen.getByRole('region', { name: 'Instala la app' }).textContent).toContain('Agregar a inicio')
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar la sugerencia de instalación' }))
    expect(screen.queryByRole('region')).toBeNull()

    const reloaded = await load()
    expect(reloaded.installOffer('ios-hint')).toBeNull()
  })

  it('has no hint on other browsers', async () => {
    const { installOffer } = await load()
    expect(installOffer()).toBeNull()
  })
})

it('renders nothing on the server, so prerendered pages hydrate without a mismatch', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphoneSafari)
  const { InstallAppButton, InstallAppCard, IosInstallHint, installOffer } = await load()
  offerInstall()
  expect(installOffer()).toBe('prompt')
  const html = renderToString(
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
      <InstallAppButton />
      <InstallAppCard />
      <IosInstallHint />
    </I18nProvider>,
  )
  expect(html).toBe('')
})
