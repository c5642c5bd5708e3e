import type { Page } from '@playwright/test'

/**
 * Types `code` and Enter into the focused field as a keyboard-wedge scanner does, a key every 5 ms.
 * The keys carry those times themselves, as a scanner's hardware stamps them: Playwright's
 * `keyboard.type(code, { delay: 5 })` takes 30 to 60 ms a key on a busy 2-core machine, about a fast
 * typist's pace.
 */
export async function typeLikeAScanner(page: Page, code: string) {
  const cdp = await page.context().newCDPSession(page)
  const keys = [...[...code].map((char) => ({ key: char, text: char })), { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' }]
  const start = Date.now() / 1000
  for (const [index, { text, ...key }] of keys.entries()) {
    const timestamp = start + index * 0.005
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text, timestamp })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp })
  }
  await cdp.detach()
}
