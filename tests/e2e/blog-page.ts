import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/** The blog's list once it has the backend's answer (not only what the build rendered). */
export async function freshBlog(page: Page, path: string) {
  await page.goto(path)
  const list = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(list).toHaveAttribute('aria-busy', 'false')
  return page.getByRole('main')
}

/** How many of the blog's articles (its list's level-2 headings) are called `title`, as the page shows it now. */
export async function articlesTitled(page: Page, path: string, title: string) {
  return (await freshBlog(page, path)).getByRole('heading', { level: 2, name: title }).count()
}

/**
 * Schedules an article `lead` ms ahead (to the second, as the editor does) and proves it hidden until
 * then: what `isHidden` saw (the blog, the API) counts if it finished looking before the due time.
 * On a machine too slow to look in time, the article is scheduled again twice as far ahead and looked
 * at again, so the schedule is only as far ahead as this machine needs. `schedule` is told whether
 * it is the first time. Returns the due time proved.
 */
export async function scheduleHidden(lead: number, schedule: (due: number, first: boolean) => Promise<void>, isHidden: () => Promise<boolean>): Promise<number> {
  for (let first = true; ; first = false, lead *= 2) {
    const due = Math.ceil((Date.now() + lead) / 1000) * 1000
    await schedule(due, first)
    const hidden = await isHidden()
    if (Date.now() < due) {
      expect(hidden, 'the article is hidden before it is due').toBe(true)
      return due
    }
  }
}
