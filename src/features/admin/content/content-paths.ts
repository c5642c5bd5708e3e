/** The content editor's screens. */
export const contentPaths = {
  list: '/admin/content',
  article: (articleId: string) => `/admin/content/articles/${articleId}`,
}
