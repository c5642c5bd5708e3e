import { useLingui } from '@lingui/react/macro'
import { NavLink } from '@/components/links'
import { paths, useLang } from '@/i18n/paths'
import { headerLinks } from './site-nav-links'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium ${isActive ? 'text-brand-700 dark:text-brand-100' : 'text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white'}`

/** The website's pages (home, how it works, pricing…), as the header and the app's menu list them. */
export function SiteLinks() {
  const { i18n } = useLingui()
  const lang = useLang()
  return headerLinks.map(({ page, label }) => (
    <NavLink key={page} to={page === 'home' ? paths.home(lang) : paths.page(lang, page)} end={page === 'home'} className={navLinkClass}>
      {i18n._(label)}
    </NavLink>
  ))
}
