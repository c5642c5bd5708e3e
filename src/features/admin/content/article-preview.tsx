import { Trans } from '@lingui/react/macro'
import { useDeferredValue, useMemo } from 'react'
import { MarkdownView } from '@/components/markdown/markdown-view'
import { parseMarkdown } from '@/components/markdown/parse-markdown'
import type { DraftText } from '@/local-db/content-rows'
import { supabaseUrl } from '@/remote/config'

/** Where the pages find pictures in articles: the content bucket's public folder. */
const imagesFrom = `${supabaseUrl}/storage/v1/object/public/content/`

/** The language's text as visitors will read it: drawn by the public page's own renderer. */
export function ArticlePreview({ text }: { text: DraftText }) {
  const body = useDeferredValue(text.body_md)
  const tree = useMemo(() => parseMarkdown(body), [body])
  return (
    <article aria-label={text.title} data-testid="article-preview" className="prose max-w-none space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:prose-invert dark:border-slate-800 dark:bg-slate-900">
      <p className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
        <Trans>Preview</Trans>
      </p>
      <h2 className="text-2xl font-extrabold">{text.title}</h2>
      {text.excerpt && <p className="text-slate-600 dark:text-slate-300">{text.excerpt}</p>}
      <MarkdownView tree={tree} imagesFrom={imagesFrom} />
    </article>
  )
}
