const hintKey = 'casillero-session'

/**
 * Whether a session is stored, answered synchronously from a localStorage hint (the session itself
 * lives in IndexedDB), so an anonymous visitor's public pages never download supabase-js or Dexie.
 */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(hintKey) === '1'
  } catch {
    // storage blocked: no session can have been persisted either
    return false
  }
}

export function noteStoredSession(stored: boolean): void {
  try {
    if (stored) localStorage.setItem(hintKey, '1')
    else localStorage.removeItem(hintKey)
  } catch {
    // storage blocked: the next start loads the auth client to find out
  }
}
