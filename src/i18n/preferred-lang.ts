import { langStorageKey, resolveLang, type Lang } from './locales'

// Pages only: the service worker shares locales.ts and has no localStorage.

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
