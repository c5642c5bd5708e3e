import { useEffect } from 'react'
import { useLoaderData, useLocation, useNavigate, useParams } from 'react-router'
import { PageMeta } from '@/components/page-meta'
import { ArticleLoading, ArticleMissing } from '@/features/public/blog/article-missing'
import { ArticleView } from '@/features/public/blog/article-view'
import { canonicalPlace, rememberArticle, usePublishedArticle } from '@/features/public/blog/use-published-article'
import { articleLoader, contentLoader, type ArticleLoaderData } from '@/features/public/content/build-content'
import { paths, useLang } from '@/i18n/paths'
import { NotFoundPage } from '../layout/not-found-page'

/** The build's article for this URL (its hydration data), after the pages catalog. */
export const loader = contentLoader(articleLoader)

/**
 * One blog article at its own URL (`/es/blog/<slug>`), so it can be linked, indexed and prerendered.
 * An old slug, or the other language's, moves to the article's URL; one published after the build
 * is read from the backend (offline, from the service worker's copy).
 */
export function BlogArticleRoute() {
  const lang = useLang()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { article: slug = '' } = useParams()
  const built = useLoaderData<ArticleLoaderData | null>()
  const { data: article, status } = usePublishedArticle(lang, slug, built?.article)
  const place = article ? canonicalPlace(article, lang) : null
  const canonical = place && paths.blogArticle(place.lang, place.slug)

  useEffect(() => {
    if (!article || !canonical || canonical === pathname) return
    rememberArticle(article)
    void navigate(canonical, { replace: true })
  }, [article, canonical, pathname, navigate])

  const back = () => void navigate(paths.page(lang, 'blog'))
  if (!article || !place) {
    if (status === 'loading') return <ArticleLoading />
    if (status === 'failed') return <div className="px-4 py-12"><ArticleMissing offline onBack={back} /></div>
    return <NotFoundPage />
  }
  const text = article.texts[place.lang]!
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageMeta title={text.title} description={text.excerpt} />
      <ArticleView article={article} lang={place.lang} titleLevel={1} onBack={back} />
    </div>
  )
}

export { BlogArticleRoute as Component }
