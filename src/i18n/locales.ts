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
