import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { Accordion } from '@/components/ui/accordion'
import { paths, useLang } from '@/i18n/paths'
import { faqEntries } from '../content/faq-entries'
import { PageIntro } from '../page-intro'

export function FaqPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  return (
    <>
      <PageIntro title={t`Frequently asked questions`} description={t`Everything about your mailbox, shipping times, costs and limits.`} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-16">
        <Accordion items={faqEntries.map(({ question, answer }) => ({ question: i18n._(question), answer: <p>{i18n._(answer)}</p> }))} />
        <p className="text-center text-slate-700 dark:text-slate-300">
          <Trans>
            Still have questions?{' '}
            <Link to={paths.page(lang, 'contact')} className="font-semibold text-brand-700 underline dark:text-brand-100">
              Contact us
            </Link>
          </Trans>
        </p>
      </div>
    </>
  )
}
