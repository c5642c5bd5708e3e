import { useLingui } from '@lingui/react/macro'
import { useNavigate, useParams } from 'react-router'
import { PageMeta } from '@/components/page-meta'
import { ArticleView } from '@/features/public/blog/article-view'
import { blogArticles } from '@/features/public/content/blog-articles'
import { paths, useLang } from '@/i18n/paths'
import { NotFoundPage } from '../layout/not-found-page'

/** One blog article at its own URL (`/es/blog/<id>`), so it can be linked, indexed and prerendered. */
export function BlogArticleRoute() {
  const { i18n } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const { article: articleId } = useParams()
  const article = blogArticles.find(({ id }) => id === articleId)
  if (!article) return <NotFoundPage />
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageMeta title={i18n._(article.title)} description={i18n._(article.excerpt)} />
      <ArticleView article={article} titleLevel={1} onBack={() => navigate(paths.page(lang, 'blog'))} />
    </div>
  )
}
