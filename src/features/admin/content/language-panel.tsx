import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { TextAreaField, TextField } from '@/components/ui/field'
import type { ContentLang, DraftText } from '@/local-db/content-rows'
import type { ArticleProblems } from './validate-article'
import { withTitle } from './article-draft'

/** One language's title, address, summary, text and cover description. */
export function LanguagePanel({ lang, text, problems, onChange }: { lang: ContentLang; text: DraftText; problems: ArticleProblems; onChange: (text: DraftText) => void }) {
  const { t, i18n } = useLingui()
  const language = lang === 'es' ? t`Spanish` : t`English`
  const error = (field: 'title' | 'slug' | 'excerpt' | 'body_md' | 'cover_alt') => {
    const problem: MessageDescriptor | undefined = problems[`${lang}.${field}`]
    return problem && i18n._(problem)
  }
  return (
    <div className="space-y-3">
      <TextField label={t`Title (${language})`} name={`${lang}.title`} value={text.title} error={error('title')} onChange={(event) => onChange(withTitle(text, event.target.value))} />
      <TextField
        label={t`Address (${language})`}
        name={`${lang}.slug`}
        value={text.slug}
        error={error('slug')}
        hint={t`Made from the title until you change it.`}
        onChange={(event) => onChange({ ...text, slug: event.target.value, slugEdited: true })}
      />
      <TextAreaField label={t`Summary (${language})`} name={`${lang}.excerpt`} rows={2} value={text.excerpt} error={error('excerpt')} onChange={(event) => onChange({ ...text, excerpt: event.target.value })} />
      <TextAreaField label={t`Text in Markdown (${language})`} name={`${lang}.body_md`} rows={14} value={text.body_md} error={error('body_md')} onChange={(event) => onChange({ ...text, body_md: event.target.value })} />
      <TextField label={t`Cover description (${language})`} name={`${lang}.cover_alt`} value={text.cover_alt} error={error('cover_alt')} onChange={(event) => onChange({ ...text, cover_alt: event.target.value })} />
    </div>
  )
}
