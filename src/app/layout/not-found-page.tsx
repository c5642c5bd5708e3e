import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'

export function NotFoundPage() {
  const { t } = useLingui()
  const lang = useLang()
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <PageMeta title={t`Page not found`} description={t`The page you are looking for does not exist.`} />
      <p className="text-6xl font-black text-brand-600 dark:text-brand-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-slate-600 dark:text-slate-400">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to={paths.home(lang)} className={buttonClasses('primary')}>
        <Trans>Back to home</Trans>
      </Link>
    </section>
  )
}
