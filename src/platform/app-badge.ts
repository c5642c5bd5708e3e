/** The Badging API, where the platform has it (an installed app on most desktops, Android, iOS 16.4+). */
type Badging = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

/**
 * The count on the installed app's icon, from a page (`navigator`) or the service worker
 * (`self.navigator`); none at 0. Elsewhere nothing happens, and a platform that refuses (not
 * installed, no permission) leaves the icon as it was: the count is a courtesy, the inbox the record.
 */
export async function showAppBadge(count: number, where: Badging = navigator): Promise<void> {
  try {
    if (count > 0) await where.setAppBadge?.(count)
    else await where.clearAppBadge?.()
  } catch {
    // Refused: see above.
  }
}
