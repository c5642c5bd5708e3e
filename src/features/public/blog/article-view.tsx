import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import type { BlogArticle } from '../content/blog-articles'
import { ArticleMeta } from './article-meta'
import { filterLabels } from './blog-labels'

/** One article, read inline; focus moves to its title so keyboard and screen-reader users land on it. */
export function ArticleView({ article, onBack }: { article: BlogArticle; onBack: () => void }) {
  const { i18n } = useLingui()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Button variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> <Trans>Back to blog</Trans>
      </Button>
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-brand-100">{i18n._(filterLabels[article.category])}</p>
      <h2 ref={heading} tabIndex={-1} className="text-3xl font-extrabold outline-none">
        {i18n._(article.title)}
      </h2>
      <ArticleMeta article={article} />
      <img src={article.image} alt={i18n._(article.imageAlt)} width={400} height={240} className="w-full rounded-2xl" />
      <div className="space-y-4 text-lg leading-relaxed text-slate-800 dark:text-slate-200">
        {article.content.map((paragraph) => (
          <p key={paragraph.id}>{i18n._(paragraph)}</p>
        ))}
      </div>
    </article>
  )
}
