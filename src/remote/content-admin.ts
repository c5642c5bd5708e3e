import type { ArticleRow, ContentLang, FaqRow } from '@/local-db/content-rows'
import { getSupabase } from './client'

type PulledText = ArticleRow['texts'][ContentLang] & { lang: ContentLang }
type PulledArticle = Omit<ArticleRow, 'texts'> & { article_texts: PulledText[] }

/**
 * Every article with its texts, and every FAQ answer, as the signed-in admin reads them (RLS lets
 * admins read drafts and hidden answers; anyone else gets what is published). They are few: the
 * editor pulls them whole when it opens.
 */
export async function fetchContentForEditor(): Promise<{ articles: ArticleRow[]; faqs: FaqRow[] }> {
  const client = await getSupabase()
  const [articles, faqs] = await Promise.all([
    client.from('articles').select('*, article_texts(lang, slug, title, excerpt, body_md, body_tree, cover_alt)'),
    client.from('faqs').select('*').order('position'),
  ])
  if (articles.error) throw new Error(articles.error.message)
  if (faqs.error) throw new Error(faqs.error.message)
  return {
    articles: (articles.data as PulledArticle[]).map(({ article_texts, ...article }) => ({
      ...article,
      texts: Object.fromEntries(article_texts.map(({ lang, ...text }) => [lang, text])),
    })),
    faqs: faqs.data as FaqRow[],
  }
}
