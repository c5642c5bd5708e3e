import { Trans, useLingui } from '@lingui/react/macro'
import { formatLongDate } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { legalLastUpdated, type LegalSection } from '../content/legal-sections'
import { PageIntro } from '../page-intro'

export function LegalPage({ title, description, sections }: { title: string; description: string; sections: LegalSection[] }) {
  const { i18n } = useLingui()
  const lang = useLang()
  const lastUpdated = formatLongDate(legalLastUpdated, lang)
  return (
    <>
      <PageIntro title={title} description={description}>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          <Trans>
            Last updated: <time dateTime={legalLastUpdated}>{lastUpdated}</time>
          </Trans>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-16">
        {sections.map(({ heading, body }) => (
          <section key={heading.id}>
            <h2 className="text-xl font-bold">{i18n._(heading)}</h2>
            <p className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">{i18n._(body)}</p>
          </section>
        ))}
      </div>
    </>
  )
}
