import type { ArticleRow, ArticleSlug, ContentLang, FaqRow } from '@/local-db/content-rows'
import { getSupabase } from './client'

type PulledText = NonNullable<ArticleRow['texts'][ContentLang]> & { article_id: string; lang: ContentLang }
type PulledSlug = ArticleSlug & { article_id: string }

/**
 * Every article with its texts and every slug it has had, and every FAQ answer, as the signed-in
 * admin reads them (RLS lets admins read drafts and hidden answers; anyone else gets what is
 * published). They are few: the editor pulls them whole when it opens.
 */
export async function fetchContentForEditor(): Promise<{ articles: ArticleRow[]; faqs: FaqRow[] }> {
  const client = await getSupabase()
  // Plain reads rather than an embedded one: the local stand-in serves plain selects.
  const [articles, texts, slugs, faqs] = await Promise.all([
    client.from('articles').select('*'),
    client.from('article_texts').select('*'),
    client.from('article_slugs').select('lang, slug, article_id'),
    client.from('faqs').select('*').order('position'),
  ])
  for (const { error } of [articles, texts, slugs, faqs]) if (error) throw new Error(error.message)
  const textsOf = new Map<string, ArticleRow['texts']>()
  for (const { article_id, lang, ...text } of texts.data as PulledText[]) textsOf.set(article_id, { ...textsOf.get(article_id), [lang]: text })
  const slugsOf = new Map<string, ArticleSlug[]>()
  for (const { article_id, lang, slug } of slugs.data as PulledSlug[]) slugsOf.set(article_id, [...(slugsOf.get(article_id) ?? []), { lang, slug }])
  return {
    articles: (articles.data as Omit<ArticleRow, 'texts'>[]).map((article) => ({ ...article, texts: textsOf.get(article.id) ?? {}, slugs: slugsOf.get(article.id) ?? [] })),
    faqs: faqs.data as FaqRow[],
  }
}
