import { languages, type Lang } from '@/i18n/locales'
import { fetchArticle, fetchArticleSlugs, type Article } from '@/remote/content'
import { rememberFresh, useFresh, type Fresh } from '../content/use-fresh'

/**
 * The published article a blog URL names: by its slug in the page's language, an old slug of it
 * (article_slugs), or its slug in the other language (the language switch keeps the slug).
 */
async function articleAt(lang: Lang, slug: string): Promise<Article | null> {
  const slugs = await fetchArticleSlugs()
  const found = slugs.find((row) => row.lang === lang && row.slug === slug) ?? slugs.find((row) => row.slug === slug)
  return found ? fetchArticle(found.articleId) : null
}

const keyOf = (lang: Lang, slug: string) => `article-at:${lang}/${slug}`

/** Makes an article known at each of its URLs, so moving to its canonical one shows it at once. */
export function rememberArticle(article: Article): void {
  for (const [lang, text] of Object.entries(article.texts)) rememberFresh(keyOf(lang as Lang, text.slug), article)
}

/** The article at a blog URL: what the page had (`initial`), then the backend's. */
export function usePublishedArticle(lang: Lang, slug: string, initial: Article | undefined): Fresh<Article | null> {
  return useFresh(keyOf(lang, slug), initial, async () => {
    const article = await articleAt(lang, slug)
    if (article) rememberArticle(article)
    return article
  })
}

/** Where an article lives: its slug in the page's language, else in a language it has. */
export function canonicalPlace(article: Article, lang: Lang): { lang: Lang; slug: string } | null {
  const shownIn = article.texts[lang] ? lang : languages.find((other) => article.texts[other])
  const text = shownIn && article.texts[shownIn]
  return shownIn && text ? { lang: shownIn, slug: text.slug } : null
}
