import type { BlogArticle, BlogCategory } from '../content/blog-articles'

export type BlogFilter = 'all' | BlogCategory

export function filterArticles(articles: BlogArticle[], filter: BlogFilter): BlogArticle[] {
  return filter === 'all' ? articles : articles.filter((article) => article.category === filter)
}
