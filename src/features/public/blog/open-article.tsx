import type { Lang } from '@/i18n/locales'
import { fetchArticle } from '@/remote/content'
import { useFresh } from '../content/use-fresh'
import { ArticleLoading, ArticleMissing } from './article-missing'
import { ArticleView } from './article-view'

/** An article opened from the list, read from the backend (or the service worker's copy offline). */
export function OpenArticle({ id, lang, onBack }: { id: string; lang: Lang; onBack: () => void }) {
  const { data: article, status } = useFresh(`article:${id}`, undefined, () => fetchArticle(id))
  if (article) return <ArticleView article={article} lang={lang} focusTitle onBack={onBack} />
  if (status === 'loading') return <ArticleLoading />
  return <ArticleMissing offline={status === 'failed'} onBack={onBack} />
}
