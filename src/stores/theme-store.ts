import { create } from 'zustand'

export type Theme = 'dark' | 'light'
export const themeStorageKey = 'theme'

function savedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(themeStorageKey)
    return value === 'dark' || value === 'light' ? value : null
  } catch {
    return null
  }
}

function systemTheme(): Theme {
  // Prerendering (Node) has no window; the page's inline script sets the real theme before paint.
  if (typeof window === 'undefined') return 'light'
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

interface ThemeState {
  theme: Theme
  toggle: () => void
}

/** SPEC §3: the saved theme, else the system preference; a toggle is saved. */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: savedTheme() ?? systemTheme(),
  toggle() {
    const theme: Theme = get().theme === 'dark' ? 'light' : 'dark'
    applyTheme(theme)
    try {
      localStorage.setItem(themeStorageKey, theme)
    } catch {
      // not saved: the toggle still applies to this visit
    }
    set({ theme })
  },
}))
