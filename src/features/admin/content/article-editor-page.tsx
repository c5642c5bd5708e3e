import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import { dropArticleDraft, keepArticleDraft, readArticle, readArticleDraft, useListedArticles } from '@/local-db/content'
import { articleCategories, contentLangs, type ArticleDraft, type ArticleRow, type ContentLang } from '@/local-db/content-rows'
import { queueArticleSave } from '@/outbox/queue-content'
import { useSessionUser } from '@/stores/session-store'
import { showToast } from '@/stores/toast-store'
import { articleFieldsOf, draftOfArticle, newArticleDraft, readTimeOf, type Publication } from './article-draft'
import { ArticlePreview } from './article-preview'
import { ArticleConflict } from './article-conflict'
import { categoryNames } from './categories'
import { contentPaths } from './content-paths'
import { CoverField } from './cover-field'
import { LanguagePanel } from './language-panel'
import { fromLocalInput, toLocalInput } from './local-time'
import { useContentPull } from './use-content-pull'
import { articleLimits, articleProblems, slugsUsedBy, type ArticleProblems } from './validate-article'

/** /admin/content/articles/:articleId: an article written in both languages, kept on this device as it is typed. */
export function ArticleEditorPage() {
  const { articleId = '' } = useParams()
  const { t } = useLingui()
  const admin = useSessionUser()!
  useContentPull()
  /** The draft being edited, and the article as this device has it (null: new). */
  const [loaded, setLoaded] = useState<{ id: string; draft: ArticleDraft; article: ArticleRow | null } | null>(null)
  useEffect(() => {
    let current = true
    void Promise.all([readArticleDraft(articleId), readArticle(articleId)]).then(([draft, article]) => {
      if (current) setLoaded({ id: articleId, article, draft: draft ?? (article ? draftOfArticle(admin.id, article) : newArticleDraft(admin.id, articleId)) })
    })
    return () => {
      current = false
    }
  }, [articleId, admin.id])
  if (loaded?.id !== articleId) return <Spinner label={t`Loading the article…`} />
  return <ArticleEditor key={articleId} initial={loaded.draft} article={loaded.article} />
}

function ArticleEditor({ initial, article }: { initial: ArticleDraft; article: ArticleRow | null }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const write = useDeviceWrite()
  const listed = useListedArticles()
  const [draft, setDraft] = useState(initial)
  const [tab, setTab] = useState<ContentLang>(initial.langs[0] ?? 'es')
  const [preview, setPreview] = useState(false)
  /** Ties each language's tab to the panel it shows, so the panel is named by its language. */
  const tabIds = useId()
  const [problems, setProblems] = useState<ArticleProblems>({})
  const [scheduleAt, setScheduleAt] = useState(() => toLocalInput(initial.published_at && Date.parse(initial.published_at) > Date.now() ? initial.published_at : null))

  function update(change: Partial<ArticleDraft>) {
    const next = { ...draft, ...change, savedAt: Date.now() }
    setDraft(next)
    void write(() => keepArticleDraft(next))
  }

  const usedSlugs = slugsUsedBy((listed ?? []).map(({ article: other }) => other))

  async function save(publication: Publication, schedule?: string | null) {
    const found = articleProblems(draft, publication.status === 'published', usedSlugs, schedule)
    setProblems(found)
    const [first] = Object.keys(found)
    if (first) {
      const lang = contentLangs.find((code) => first.startsWith(`${code}.`))
      if (lang) setTab(lang)
      showToast({ variant: 'destructive', title: t`Not saved yet`, description: t`Correct what is marked, then save again.` })
      return
    }
    if (await write(() => queueArticleSave(draft.userId, draft.articleId, draft.baseVersion, articleFieldsOf(draft, publication)))) {
      showToast({ variant: 'success', title: t`Article saved`, description: t`It is sent to the server as soon as there is a connection.` })
      void navigate(contentPaths.list)
    }
  }

  function schedule() {
    const at = fromLocalInput(scheduleAt)
    if (at) void save({ status: 'published', published_at: at }, at)
    else void save({ status: 'published', published_at: '' }, null)
  }

  const problem = (field: keyof ArticleProblems) => problems[field] && i18n._(problems[field])
  const title = draft.texts[tab].title || t`New article`
  return (
    <>
      <PageMeta title={title} description={t`Edit an article of the blog.`} />
      <p>
        <Link to={contentPaths.list} className="text-sm text-brand-700 underline dark:text-brand-100">
          <Trans>Back to the content</Trans>
        </Link>
      </p>
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <ArticleConflict articleId={draft.articleId} />
      <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-5">
        <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
          <SelectField label={t`Category`} value={draft.category} onChange={(event) => update({ category: event.target.value as ArticleDraft['category'] })}>
            {articleCategories.map((category) => (
              <option key={category} value={category}>
                {i18n._(categoryNames[category])}
              </option>
            ))}
          </SelectField>
          <TextField label={t`Author`} name="author_name" value={draft.author_name} error={problem('author_name')} onChange={(event) => update({ author_name: event.target.value })} />
          <TextField
            label={t`Reading time (minutes)`}
            type="number"
            min={articleLimits.readTime[0]}
            max={articleLimits.readTime[1]}
            value={draft.read_time_minutes}
            onChange={(event) => update({ read_time_minutes: readTimeOf(event.target.value) })}
          />
          <fieldset className="space-y-1 sm:col-span-3">
            <legend className="text-sm font-medium">
              <Trans>Languages</Trans>
            </legend>
            {contentLangs.map((lang) => (
              <label key={lang} className="mr-4 inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.langs.includes(lang)}
                  onChange={(event) => update({ langs: contentLangs.filter((code) => (code === lang ? event.target.checked : draft.langs.includes(code))) })}
                />
                {lang === 'es' ? <Trans>Spanish</Trans> : <Trans>English</Trans>}
              </label>
            ))}
            {problems.langs && <p className="text-sm text-red-700 dark:text-red-400">{problem('langs')}</p>}
          </fieldset>
          <div className="sm:col-span-3">
            <CoverField userId={draft.userId} articleId={draft.articleId} path={draft.cover_path} onChange={(cover_path) => update({ cover_path })} />
          </div>
        </div>
        <div role="tablist" aria-label={t`Language`} className="flex flex-wrap gap-2">
          {draft.langs.map((lang) => (
            <Button key={lang} id={`${tabIds}-${lang}`} role="tab" aria-selected={tab === lang} aria-controls={`${tabIds}-panel`} variant={tab === lang ? 'primary' : 'secondary'} onClick={() => setTab(lang)}>
              {lang === 'es' ? <Trans>Spanish</Trans> : <Trans>English</Trans>}
            </Button>
          ))}
          <Button variant="ghost" aria-pressed={preview} onClick={() => setPreview(!preview)} className="ml-auto">
            {preview ? <Trans>Hide the preview</Trans> : <Trans>Preview</Trans>}
          </Button>
        </div>
        {draft.langs.includes(tab) && (
          <div role="tabpanel" id={`${tabIds}-panel`} aria-labelledby={`${tabIds}-${tab}`} className={preview ? 'grid gap-5 lg:grid-cols-2' : ''}>
            <LanguagePanel lang={tab} text={draft.texts[tab]} problems={problems} onChange={(text) => update({ texts: { ...draft.texts, [tab]: text } })} />
            {preview && <ArticlePreview text={draft.texts[tab]} />}
          </div>
        )}
        <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <TextField label={t`Publish at (for later)`} type="datetime-local" value={scheduleAt} error={problem('published_at')} onChange={(event) => setScheduleAt(event.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void save({ status: 'draft', published_at: article?.status === 'published' ? null : draft.published_at })}>
              {article?.status === 'published' ? <Trans>Unpublish</Trans> : <Trans>Save as draft</Trans>}
            </Button>
            <Button variant="secondary" onClick={schedule}>
              <Trans>Schedule</Trans>
            </Button>
            <Button onClick={() => void save({ status: 'published', published_at: article?.status === 'published' ? article.published_at! : new Date().toISOString() })}>
              {article?.status === 'published' ? <Trans>Save and keep published</Trans> : <Trans>Publish now</Trans>}
            </Button>
            <Button
              variant="ghost"
              onClick={() =>
                void write(async () => {
                  await dropArticleDraft(draft.userId, draft.articleId)
                  void navigate(contentPaths.list)
                })
              }
            >
              <Trans>Throw away the changes</Trans>
            </Button>
          </div>
        </div>
      </form>
    </>
  )
}
