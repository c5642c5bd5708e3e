import type { Page } from '@playwright/test'

/** Holds the contact form's call at the network until `release`, so the screen's busy state can be seen whatever the server's speed. */
export async function holdContactSend(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/rest/v1/rpc/send_contact_message', async (route) => {
    await held
    await route.continue()
  })
  return release
}
