/**
 * Whether supabase-js left a session in localStorage (`sb-<project>-auth-token`). Checked without
 * loading supabase-js, so an anonymous visitor's public pages never download it.
 */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith('sb-') && key.endsWith('-auth-token')) return true
    }
  } catch {
    // storage blocked: no session can have been persisted either
  }
  return false
}
