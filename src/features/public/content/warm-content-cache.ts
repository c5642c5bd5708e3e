import { imageSources } from '@/components/markdown/image-sources'
import { contentImagesFrom, coverUrl, fetchArticle, fetchArticleSlugs, fetchArticleSummaries, fetchFaqs } from '@/remote/content'

let warming: Promise<void> | null = null

/** The page is under the service worker's control, so what it fetches lands in its caches. */
async function controlled(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false
  const { serviceWorker } = navigator
  await serviceWorker.ready
  if (!serviceWorker.controller) await new Promise((resolve) => serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  return true
}

/**
 * Once the blog or the FAQ is opened online, reads every published article (both languages' texts
 * and its cover) and the answers through the service worker, which keeps a copy: all of them then
 * read offline, those published after the build too, with the images in their text. Once per page load.
 */
export function warmContentCache(): Promise<void> {
  warming ??= (async () => {
    if (!navigator.onLine || !(await controlled())) return
    const [articles] = await Promise.all([fetchArticleSummaries(), fetchArticleSlugs(), fetchFaqs()])
    await Promise.all(
      articles.map(async (article) => {
        const whole = await fetchArticle(article.id)
        const bodyImages = Object.values(whole?.texts ?? {}).flatMap((text) => imageSources(text.bodyTree, contentImagesFrom))
        const images = new Set([...(article.coverPath ? [coverUrl(article.coverPath)] : []), ...bodyImages])
        await Promise.all([...images].map((image) => fetch(image)))
      }),
    )
  })().catch((error: unknown) => {
    warming = null
    console.warn('Keeping the content for offline reading failed', error)
  })
  return warming
}
