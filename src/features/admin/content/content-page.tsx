import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { buttonClasses } from '@/components/ui/button-classes'
import { SelectField, TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useAdminEmails, useListedArticles, type ListedArticle } from '@/local-db/content'
import { contentLangs } from '@/local-db/content-rows'
import { DataTable } from '../area/data-table'
import { ArticleStatusBadge, publicationOf, type Publication } from './article-status'
import { contentPaths } from './content-paths'
import { FaqSection } from './faq-section'
import { useContentPull } from './use-content-pull'
import { matchesSearch } from './search-words'

type StatusFilter = 'all' | Publication

/** /admin/content: the articles (filtered, searched) and the FAQ, both edited on this device first. */
export function ContentPage() {
  const { t } = useLingui()
  const pull = useContentPull()
  const articles = useListedArticles()
  const [status, setStatus] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  const shown = articles?.filter(
    ({ article }) =>
      (status === 'all' || publicationOf(article) === status) &&
      matchesSearch(search, [article.author_name, ...Object.values(article.texts).flatMap((text) => [text.title, text.slug])]),
  )
  return (
    <>
      <PageMeta title={t`Content`} description={t`The blog's articles and the FAQ, in Spanish and English.`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          <Trans>Content</Trans>
        </h1>
        <Link to={contentPaths.article(crypto.randomUUID())} className={buttonClasses()}>
          <Trans>New article</Trans>
        </Link>
      </div>
      {pull === 'offline' && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <Trans>You are offline: this is the content as this device last saw it. What you change is sent when the connection returns.</Trans>
        </p>
      )}
      {pull === 'failed' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          <Trans>The latest content could not be loaded: this is what this device last saw.</Trans>
        </p>
      )}
      <section aria-labelledby="articles-heading" className="space-y-3">
        <h2 id="articles-heading" className="text-lg font-bold">
          <Trans>Articles</Trans>
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t`Search articles`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          <SelectField label={t`Status`} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="all">{t`All`}</option>
            <option value="draft">{t`Draft`}</option>
            <option value="scheduled">{t`Scheduled`}</option>
            <option value="published">{t`Published`}</option>
          </SelectField>
        </div>
        {!shown ? <Spinner label={t`Loading the articles…`} /> : <ArticleTable articles={shown} />}
      </section>
      <FaqSection />
    </>
  )
}

function ArticleTable({ articles }: { articles: ListedArticle[] }) {
  const { t } = useLingui()
  const lang = useLang()
  const emails = useAdminEmails()
  if (articles.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>No article matches.</Trans>
      </p>
    )
  }
  return (
    <DataTable columns={[t`Title`, t`Status`, t`Languages`, t`Last change`, t`By`]}>
      {articles.map(({ article, queued, drafted }) => (
        <tr key={article.id} data-testid="article-row">
          <td className="px-4 py-3">
            <Link to={contentPaths.article(article.id)} className="font-semibold text-brand-700 underline dark:text-brand-100">
              {(article.texts[lang] ?? article.texts.es ?? article.texts.en)?.title || t`Untitled`}
            </Link>
            {drafted && (
              <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
                <Trans>Unsaved draft on this device</Trans>
              </span>
            )}
          </td>
          <td className="px-4 py-3">
            <ArticleStatusBadge article={article} queued={queued} />
          </td>
          <td className="px-4 py-3 uppercase">{contentLangs.filter((code) => article.texts[code]).join(' · ')}</td>
          <td className="px-4 py-3">{formatDateTime(article.updated_at, lang)}</td>
          <td className="px-4 py-3">{(article.updated_by && emails?.get(article.updated_by)) ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  )
}
