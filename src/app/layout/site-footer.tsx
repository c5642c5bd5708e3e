import { Trans, useLingui } from '@lingui/react/macro'
import { businessAddress, businessInfo } from '@/components/business-info'
import { Link } from '@/components/links'
import { paths, useLang } from '@/i18n/paths'
import { footerLegalLinks, footerQuickLinks } from './site-nav-links'

export function SiteFooter() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const linkClass = 'text-slate-300 hover:text-white'
  return (
    <footer className="bg-slate-900 text-slate-300 dark:bg-black">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="text-lg font-extrabold text-white">Casillero Miami</p>
          <p className="text-sm">
            <Trans>Your US address to shop in any store and receive it at home.</Trans>
          </p>
        </div>
        <nav aria-label={t`Quick links`}>
          <h2 className="mb-3 font-semibold text-white">
            <Trans>Quick links</Trans>
          </h2>
          <ul className="space-y-2 text-sm">
            {footerQuickLinks.map(({ page, label }) => (
              <li key={page}>
                <Link to={paths.page(lang, page)} className={linkClass}>
                  {i18n._(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t`Legal`}>
          <h2 className="mb-3 font-semibold text-white">
            <Trans>Legal</Trans>
          </h2>
          <ul className="space-y-2 text-sm">
            {footerLegalLinks.map(({ page, label }) => (
              <li key={page}>
                <Link to={paths.page(lang, page)} className={linkClass}>
                  {i18n._(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address className="space-y-2 text-sm not-italic">
          <h2 className="mb-3 font-semibold text-white">
            <Trans>Miami warehouse</Trans>
          </h2>
          <p>{businessAddress}</p>
          <p>
            <a href={`tel:${businessInfo.phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
              {businessInfo.phone}
            </a>
          </p>
          <p>
            <a href={`mailto:${businessInfo.email}`} className={linkClass}>
              {businessInfo.email}
            </a>
          </p>
        </address>
      </div>
      {/* A page built in December may be opened in January: the year is the reader's, not the build's. */}
      <p suppressHydrationWarning className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Casillero Miami
      </p>
    </footer>
  )
}
