import { describe, expect, it } from 'vitest'
import type { LoaderFunctionArgs } from 'react-router'
import { langLoader, routes } from './router'

async function redirectOf(path: string): Promise<string | null> {
  const url = new URL(path, 'http://localhost')
  const [, lang] = url.pathname.split('/')
  try {
    await langLoader({ params: { lang }, request: new Request(url) } as unknown as LoaderFunctionArgs)
    return null
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location')
    throw thrown
  }
}

describe('language routing', () => {
  it('redirects the root to /es', async () => {
    const root = routes[0]!.children!.find((route) => route.path === '/')!
    const response = (await (root.loader as () => Promise<Response>)()) as Response
    expect(response.headers.get('Location')).toBe('/es')
  })

  it('accepts es and en, activating and saving the language', async () => {
    expect(await redirectOf('/en/pricing')).toBeNull()
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem('lang')).toBe('en')
    expect(await redirectOf('/es')).toBeNull()
    expect(document.documentElement.lang).toBe('es')
  })

  it('sends an unknown language to the saved one', async () => {
    localStorage.setItem('lang', 'en')
    expect(await redirectOf('/fr')).toBe('/en')
  })

  it('keeps a page slug typed without a language', async () => {
    localStorage.setItem('lang', 'es')
    expect(await redirectOf('/precios')).toBe('/es/precios')
    expect(await redirectOf('/pricing?x=1')).toBe('/es/pricing?x=1')
  })

  it('falls back to the browser language, then Spanish', async () => {
    localStorage.removeItem('lang')
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!
    Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true })
    expect(await redirectOf('/xx')).toBe('/en')
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true })
    expect(await redirectOf('/xx')).toBe('/es')
    Object.defineProperty(Navigator.prototype, 'languages', languages)
    delete (navigator as { languages?: unknown }).languages
  })
})
