import { Trans } from '@lingui/react/macro'
import { formatLongDate } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { BlogArticle } from '../content/blog-articles'

/** Author, date and read time, formatted for the page's language. */
export function ArticleMeta({ article }: { article: BlogArticle }) {
  const lang = useLang()
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400">
      {article.author} · <time dateTime={article.date}>{formatLongDate(article.date, lang)}</time> · <Trans>{article.readTimeMinutes} min read</Trans>
    </p>
  )
}
