import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/** The blog's list once it has the backend's answer (not only what the build rendered). */
export async function freshBlog(page: Page, path: string) {
  await page.goto(path)
  const list = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(list).toHaveAttribute('aria-busy', 'false')
  return page.getByRole('main')
}
