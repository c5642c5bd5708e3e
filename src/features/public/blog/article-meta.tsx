import { Trans } from '@lingui/react/macro'
import { formatLongDate } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { ArticleSummary } from '@/remote/content'

/** Author, date and read time, formatted for the page's language. */
export function ArticleMeta({ article }: { article: Pick<ArticleSummary, 'author' | 'publishedAt' | 'readTimeMinutes'> }) {
  const lang = useLang()
  const date = article.publishedAt.slice(0, 10)
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400">
      {article.author} · <time dateTime={date}>{formatLongDate(date, lang)}</time> · <Trans>{article.readTimeMinutes} min read</Trans>
    </p>
  )
}
