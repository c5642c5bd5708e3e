import { afterEach, describe, expect, it, vi } from 'vitest'
import { isIosSafari, isStandalone } from './platform'

const userAgents = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadSafari: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  // iPadOS Safari asks for desktop pages and says it is a Mac.
  ipadDesktopSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  iphoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  iphoneEdge: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.0.2420.56 Mobile/15E148 Safari/605.1.15',
  iphoneFacebook: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.44.107]',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
}

describe('isIosSafari', () => {
  it('is Safari on iPhone and iPad, also iPadOS Safari posing as a Mac with a touch screen', () => {
    expect(isIosSafari(userAgents.iphoneSafari, 5)).toBe(true)
    expect(isIosSafari(userAgents.ipadSafari, 5)).toBe(true)
    expect(isIosSafari(userAgents.ipadDesktopSafari, 5)).toBe(true)
  })

  it('is not Safari on a Mac, other iOS browsers, in-app browsers or Android', () => {
    expect(isIosSafari(userAgents.ipadDesktopSafari, 0)).toBe(false)
    expect(isIosSafari(userAgents.iphoneChrome, 5)).toBe(false)
    expect(isIosSafari(userAgents.iphoneFirefox, 5)).toBe(false)
    expect(isIosSafari(userAgents.iphoneEdge, 5)).toBe(false)
    expect(isIosSafari(userAgents.iphoneFacebook, 5)).toBe(false)
    expect(isIosSafari(userAgents.androidChrome, 5)).toBe(false)
  })
})

describe('isStandalone', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is true in the installed app: display-mode standalone, or iOS navigator.standalone', () => {
    expect(isStandalone()).toBe(false)
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }))
    expect(isStandalone()).toBe(true)
    vi.unstubAllGlobals()
    vi.stubGlobal('navigator', { standalone: true })
    expect(isStandalone()).toBe(true)
  })
})
