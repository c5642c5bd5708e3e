import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { MarkdownView } from '@/components/markdown/markdown-view'
import { Button } from '@/components/ui/button'
import type { Lang } from '@/i18n/locales'
import { contentImagesFrom, type Article } from '@/remote/content'
import { ArticleCover } from './article-cover'
import { ArticleMeta } from './article-meta'
import { filterLabels } from './blog-labels'

/**
 * One article in a language it has. Opened from the list (`focusTitle`), it replaces what had the
 * focus, so the focus moves to its title and keyboard and screen-reader users land on it; loaded at
 * its own address it starts at the top like any page, the skip link first. Its title is the page's
 * h1 when the article is the page (`titleLevel={1}`), an h2 under the blog's h1 otherwise.
 */
export function ArticleView({ article, lang, onBack, focusTitle = false, titleLevel = 2 }: { article: Article; lang: Lang; onBack: () => void; focusTitle?: boolean; titleLevel?: 1 | 2 }) {
  const { i18n } = useLingui()
  const Title = `h${titleLevel}` as const
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusTitle) heading.current?.focus()
  }, [focusTitle])
  const text = article.texts[lang]
  if (!text) return null
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Button variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> <Trans>Back to blog</Trans>
      </Button>
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-brand-100">{i18n._(filterLabels[article.category])}</p>
      <Title ref={heading} tabIndex={-1} className="text-3xl font-extrabold outline-none">
        {text.title}
      </Title>
      <ArticleMeta article={article} />
      <ArticleCover path={article.coverPath} alt={text.coverAlt} className="w-full rounded-2xl" />
      <div className="space-y-4 text-lg leading-relaxed text-slate-800 dark:text-slate-200">
        <MarkdownView tree={text.bodyTree} imagesFrom={contentImagesFrom} />
      </div>
    </article>
  )
}
