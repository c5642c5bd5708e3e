// The public site with the keyboard alone: Tab, Shift+Tab, Enter, Space and the arrow keys, no mouse.
import { type Locator, type Page } from '@playwright/test'
import { uniqueEmail } from './backend'
import { holdContactSend } from './contact-form'
import { expect, test } from './fixtures'

/** The focused element shows it: an outline, or a ring (a box shadow with a spread), while :focus-visible. */
async function expectVisibleFocus(page: Page) {
  const indicator = await page.evaluate(() => {
    const focused = document.activeElement
    if (!focused || focused === document.body) return 'nothing has the focus'
    const style = getComputedStyle(focused)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const ring = /\b0px 0px 0px [1-9]/.test(style.boxShadow)
    return focused.matches(':focus-visible') && (outline || ring) ? 'visible' : `no focus indicator on ${focused.outerHTML.slice(0, 120)}`
  })
  expect(indicator).toBe('visible')
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking that every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, { within = 25, back = false } = {}) {
  const key = back ? 'Shift+Tab' : 'Tab'
  for (let press = 0; press < within; press++) {
    await page.keyboard.press(key)
    await expectVisibleFocus(page)
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${within} presses of ${key} never reached ${target}`)
}

/** Opens a page and goes past its header with the skip link: the next Tab lands in the page's content (each caller checks where). */
async function openAndSkipHeader(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
}

test('the skip link comes first and shows, then every header control in order, each showing its focus', async ({ page }) => {
  await page.goto('/en')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expectVisibleFocus(page)
  expect((await skip.boundingBox())?.width).toBeGreaterThan(40)

  const header = page.getByRole('banner')
  const nav = header.getByRole('navigation', { name: 'Main' })
  for (const control of [
    header.getByRole('link', { name: 'Casillero Miami' }),
    ...['Home', 'How it works', 'Pricing', 'Calculator', 'Tracking', 'Blog', 'Contact'].map((name) => nav.getByRole('link', { name, exact: true })),
    header.getByRole('link', { name: 'ES (Español)' }),
    header.getByRole('link', { name: 'EN (English)' }),
    header.getByRole('button', { name: 'Dark mode' }),
    header.getByRole('link', { name: 'Log in' }),
    header.getByRole('link', { name: 'Create mailbox' }),
  ]) {
    // Within a few presses each: room for controls added later, not for a wrong order.
    await tabTo(page, control, { within: 3 })
  }
})

test('small screen: the language switch, then the menu opens, leads to its links and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra en EE. UU., recíbelo en casa')

  const english = page.getByRole('link', { name: 'EN (English)' })
  await tabTo(page, english)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop in the USA, receive it at home')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(english).toBeFocused()
  await expect(english).toHaveAttribute('aria-current', 'true')

  const menuButton = page.getByRole('button', { name: 'Menu' })
  await tabTo(page, menuButton)
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  const menu = page.locator('#mobile-menu').getByRole('navigation', { name: 'Main' })
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
  await expectVisibleFocus(page)
  await tabTo(page, menu.getByRole('link', { name: 'Contact' }), { within: 7 })

  // Escape closes it from inside and puts the focus back on its button; Space opens it again.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toBeFocused()
  await page.keyboard.press('Space')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await tabTo(page, menu.getByRole('link', { name: 'Contact' }), { within: 7 })

  // Back to the button, which closes the menu with Space.
  await tabTo(page, menuButton, { within: 8, back: true })
  await page.keyboard.press('Space')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeHidden()

  // Open again and follow a link: the page changes and the menu closes.
  await page.keyboard.press('Space')
  await tabTo(page, menu.getByRole('link', { name: 'Pricing' }), { within: 3 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/en/pricing')
  await expect(menu).toBeHidden()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
})

test('FAQ: Enter and Space open and close the answers, one at a time', async ({ page }) => {
  await openAndSkipHeader(page, '/en/faqs')
  const main = page.getByRole('main')
  const first = main.getByRole('button', { name: 'How do I get my Miami address?' })
  const second = main.getByRole('button', { name: 'How long does delivery take?' })
  await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  await expectVisibleFocus(page)

  await page.keyboard.press('Enter')
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(main.getByRole('region', { name: 'How do I get my Miami address?' })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(second).toBeFocused()
  await page.keyboard.press('Space')
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(main.getByRole('region', { name: 'How do I get my Miami address?' })).toBeHidden()
  await page.keyboard.press('Space')
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  await expect(main.getByRole('region', { name: 'How long does delivery take?' })).toBeHidden()
})

test('blog: the category filter, an article and back to the button that opened it; an article at its own address', async ({ page }) => {
  await openAndSkipHeader(page, '/en/blog')
  const main = page.getByRole('main')
  const categories = main.getByRole('group', { name: 'Categories' })
  const readMore = main.getByRole('button', { name: /^Read more/ })
  // Other tests publish articles meanwhile (none under Savings): this one counts on the site's first four.
  const customs = main.getByRole('button', { name: /^Read more\W+Customs rules you should know before you ship$/ })
  await expect(customs).toBeVisible()

  await page.keyboard.press('Tab')
  await expect(categories.getByRole('button', { name: 'All' })).toBeFocused()
  await tabTo(page, categories.getByRole('button', { name: 'Savings' }), { within: 2 })
  await page.keyboard.press('Enter')
  await expect(categories.getByRole('button', { name: 'Savings' })).toHaveAttribute('aria-pressed', 'true')
  await expect(categories.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false')
  await expect(readMore).toHaveCount(1)

  const article = main.getByRole('button', { name: /^Read more\W+Consolidation: save 60-70% on shipping$/ })
  await tabTo(page, article, { within: 3 })
  await page.keyboard.press('Enter')
  // The article opens with the focus on its title, so reading starts there.
  await expect(main.getByRole('article').getByRole('heading', { name: 'Consolidation: save 60-70% on shipping' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(main.getByRole('button', { name: 'Back to blog' })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(article).toBeFocused()
  await expect(categories.getByRole('button', { name: 'Savings' })).toHaveAttribute('aria-pressed', 'true')

  await tabTo(page, categories.getByRole('button', { name: 'All' }), { within: 5, back: true })
  await page.keyboard.press('Space')
  await expect(customs).toBeVisible()

  // At its own address an article is a page like any other: the first Tab is the skip link.
  await page.goto('/en/blog/consolidation-save-on-shipping')
  await expect(page.getByRole('heading', { name: 'Consolidation: save 60-70% on shipping' })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
})

test('contact: errors take the focus to the first wrong field and are read with it; a valid message is sent', async ({ page }) => {
  await openAndSkipHeader(page, '/en/contact')
  const main = page.getByRole('main')
  const name = main.getByRole('textbox', { name: 'Full name' })
  const email = main.getByRole('textbox', { name: 'Email' })
  const subject = main.getByRole('combobox', { name: 'Subject' })
  const message = main.getByRole('textbox', { name: 'Message' })
  const send = main.getByRole('button', { name: 'Send message' })

  await page.keyboard.press('Tab')
  await expect(name).toBeFocused()
  await tabTo(page, send, { within: 4 })
  await page.keyboard.press('Enter')
  await expect(name).toBeFocused()
  await expect(name).toHaveAccessibleDescription('This field is required.')
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(4)

  await page.keyboard.type('Ana Pérez')
  await page.keyboard.press('Tab')
  await page.keyboard.type('not-an-email')
  await page.keyboard.press('Tab')
  await expect(subject).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(subject).toHaveValue('general')
  await page.keyboard.press('Tab')
  await expect(message).toBeFocused()
  await page.keyboard.type('Where is my package?')
  await page.keyboard.press('Tab')
  await expect(send).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(email).toBeFocused()
  await expect(email).toHaveAccessibleDescription('Enter a valid email address.')
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(1)

  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(uniqueEmail('keyboard'))
  await tabTo(page, send, { within: 3 })
  const release = await holdContactSend(page)
  await page.keyboard.press('Space')
  await expect(main.getByRole('button', { name: 'Sending…' })).toBeDisabled()
  release()
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible({ timeout: 4000 })
  await expect(name).toHaveValue('')
  // The button that sent it has the focus again, so the keyboard user carries on from there.
  await expect(send).toBeFocused()
})
