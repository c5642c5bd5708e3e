import type { Lang } from '@/i18n/locales'
import { ArticleLoading, ArticleMissing } from './article-missing'
import { ArticleView } from './article-view'
import { usePublishedArticle } from './use-published-article'

/** An article opened from the list, read from the backend (or the service worker's copy offline) by its slug, as at its own URL. */
export function OpenArticle({ slug, lang, onBack }: { slug: string; lang: Lang; onBack: () => void }) {
  const { data: article, status } = usePublishedArticle(lang, slug, undefined)
  if (article?.texts[lang]) return <ArticleView article={article} lang={lang} focusTitle onBack={onBack} />
  if (status === 'loading') return <ArticleLoading />
  return <ArticleMissing offline={status === 'failed'} onBack={onBack} />
}
