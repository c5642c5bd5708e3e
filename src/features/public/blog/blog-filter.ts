import type { ArticleCategory } from '@/remote/content'

export type BlogFilter = 'all' | ArticleCategory

export function filterArticles<A extends { category: ArticleCategory }>(articles: A[], filter: BlogFilter): A[] {
  return filter === 'all' ? articles : articles.filter((article) => article.category === filter)
}
