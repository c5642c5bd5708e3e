import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useLoaderData } from 'react-router'
import { Link } from '@/components/links'
import { Accordion } from '@/components/ui/accordion'
import { paths, useLang } from '@/i18n/paths'
import { fetchFaqs } from '@/remote/content'
import type { FaqLoaderData } from '../content/build-content'
import { useFresh } from '../content/use-fresh'
import { warmContentCache } from '../content/warm-content-cache'
import { PageIntro } from '../page-intro'

/** The published answers in the page's language: the build's first, then the backend's. */
export function FaqPage() {
  const { t } = useLingui()
  const lang = useLang()
  const built = useLoaderData<FaqLoaderData | null>()
  const { data: faqs = [], status } = useFresh('faqs', built?.faqs, fetchFaqs)
  const entries = faqs.flatMap((faq) => faq.texts[lang] ?? [])

  useEffect(() => {
    if (status === 'fresh') void warmContentCache()
  }, [status])

  return (
    <>
      <PageIntro title={t`Frequently asked questions`} description={t`Everything about your mailbox, shipping times, costs and limits.`} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-16">
        {status === 'failed' && entries.length === 0 && (
          <p role="alert" className="text-center text-slate-700 dark:text-slate-300">
            <Trans>The answers could not be loaded. Check your connection and try again.</Trans>
          </p>
        )}
        <div aria-busy={status === 'loading'}>
          <Accordion items={entries.map(({ question, answer }) => ({ question, answer: <p>{answer}</p> }))} />
        </div>
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
