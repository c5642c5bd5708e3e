export const languages = ['es', 'en'] as const
export type Lang = (typeof languages)[number]

export const defaultLang: Lang = 'es'
export const langStorageKey = 'lang'

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** SPEC §2: the saved language, else the browser's when supported, else Spanish. */
export function resolveLang(saved: string | null, browserLanguages: readonly string[]): Lang {
  if (isLang(saved)) return saved
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLang(base)) return base
  }
  return defaultLang
}

export function preferredLang(): Lang {
  let saved: string | null = null
  try {
    saved = localStorage.getItem(langStorageKey)
  } catch {
    // storage can be blocked (privacy mode); fall through to the browser's language
  }
  return resolveLang(saved, navigator.languages ?? [navigator.language])
}

/** Remembers the language for pages whose URL does not carry one (SPEC §2: local storage key `lang`). */
export function savePreferredLang(lang: Lang): void {
  try {
    localStorage.setItem(langStorageKey, lang)
  } catch {
    // storage blocked: the URL still carries the language where it can
  }
}
