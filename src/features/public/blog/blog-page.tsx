import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLoaderData } from 'react-router'
import { useLang } from '@/i18n/paths'
import { fetchArticleSummaries } from '@/remote/content'
import type { BlogLoaderData } from '../content/build-content'
import { useFresh } from '../content/use-fresh'
import { warmContentCache } from '../content/warm-content-cache'
import { PageIntro } from '../page-intro'
import { ArticleCover } from './article-cover'
import { ArticleMeta } from './article-meta'
import { ArticleLoading } from './article-missing'
import { filterArticles, type BlogFilter } from './blog-filter'
import { filterLabels } from './blog-labels'
import { NewsletterBox } from '../newsletter/newsletter-box'

const filters = Object.keys(filterLabels) as BlogFilter[]
// The Markdown renderer loads when an article is opened, not with the list.
const OpenArticle = lazy(async () => ({ default: (await import('./open-article')).OpenArticle }))

/** The published articles in the page's language: the build's first, then the backend's (new ones appear, withdrawn ones go). */
export function BlogPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const built = useLoaderData<BlogLoaderData | null>()
  const { data: articles = [], status } = useFresh('articles', built?.articles, fetchArticleSummaries)
  const [filter, setFilter] = useState<BlogFilter>('all')
  // By slug: the same in the build's data and the backend's (an in-process build's ids are its own).
  const [openSlug, setOpenSlug] = useState<string | null>(null)
  const [returnTo, setReturnTo] = useState<string | null>(null)
  const inLang = articles.filter((article) => article.texts[lang])

  useEffect(() => {
    if (status === 'fresh') void warmContentCache()
  }, [status])

  // Back from an article, focus returns to the button that opened it.
  useEffect(() => {
    if (!openSlug && returnTo) document.getElementById(`read-more-${returnTo}`)?.focus()
  }, [openSlug, returnTo])

  return (
    <>
      <PageIntro title={t`Blog`} description={t`Guides, savings tips and news for shopping in the USA from abroad.`} />
      <div className="mx-auto max-w-6xl space-y-10 px-4 pb-16">
        {openSlug ? (
          <Suspense fallback={<ArticleLoading />}>
            <OpenArticle
              slug={openSlug}
              lang={lang}
              onBack={() => {
                setReturnTo(openSlug)
                setOpenSlug(null)
              }}
            />
          </Suspense>
        ) : (
          <>
            <div role="group" aria-label={t`Categories`} className="flex flex-wrap justify-center gap-2">
              {filters.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={filter === value}
                  onClick={() => setFilter(value)}
                  className={`rounded-full px-4 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                    filter === value
                      ? 'bg-brand-600 text-white'
                      : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200'
                  }`}
                >
                  {i18n._(filterLabels[value])}
                </button>
              ))}
            </div>
            {status === 'failed' && inLang.length === 0 && (
              <p role="alert" className="text-center text-slate-700 dark:text-slate-300">
                <Trans>The articles could not be loaded. Check your connection and try again.</Trans>
              </p>
            )}
            <ul aria-busy={status === 'loading'} className="grid gap-6 sm:grid-cols-2">
              {filterArticles(inLang, filter).map((article) => {
                const text = article.texts[lang]!
                return (
                  <li key={text.slug} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
                    <ArticleCover path={article.coverPath} alt={text.coverAlt} lazy className="aspect-[5/3] w-full object-cover" />
                    <div className="flex flex-1 flex-col gap-2 p-5">
                      <p className="text-xs font-semibold text-brand-700 uppercase dark:text-brand-100">{i18n._(filterLabels[article.category])}</p>
                      <h2 className="text-xl font-bold">{text.title}</h2>
                      <ArticleMeta article={article} />
                      <p className="flex-1 text-slate-600 dark:text-slate-400">{text.excerpt}</p>
                      <button
                        id={`read-more-${text.slug}`}
                        type="button"
                        onClick={() => setOpenSlug(text.slug)}
                        className="self-start font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
                      >
                        <Trans>Read more</Trans>
                        <span className="sr-only">: {text.title}</span>
                      </button>
                    </div>
                  </li>
                )
              })}
            </ul>
          </>
        )}
        <NewsletterBox />
      </div>
    </>
  )
}
