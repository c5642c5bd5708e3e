import { useLingui } from '@lingui/react/macro'
import { useLocation } from 'react-router'
import { Link } from '@/components/links'
import { isLang, languages } from '@/i18n/locales'
import { savePreferredLang } from '@/i18n/preferred-lang'
import { useLang } from '@/i18n/paths'
import { switchLangPath } from '@/i18n/slugs'

/**
 * ES/EN: the same page in the other language (`/es/precios` ⇄ `/en/pricing`). Pages outside
 * `/:lang` (the admin area, its login, the auth callback) keep their URL: the choice is saved and
 * the page reloads in it (SPEC §2).
 */
export function LanguageSwitch() {
  const { t } = useLingui()
  const { pathname, search } = useLocation()
  const current = useLang()
  const inUrl = isLang(pathname.split('/')[1])
  return (
    <nav aria-label={t`Language`} className="flex rounded-lg border border-slate-300 p-0.5 text-xs font-bold dark:border-slate-600">
      {languages.map((lang) => (
        <Link
          key={lang}
          to={inUrl ? `${switchLangPath(pathname, lang)}${search}` : `${pathname}${search}`}
          onClick={
            inUrl
              ? undefined
              : (event) => {
                  event.preventDefault()
                  savePreferredLang(lang)
                  location.reload()
                }
          }
          hrefLang={lang}
          lang={lang}
          aria-current={lang === current ? 'true' : undefined}
          // The name starts with the visible code, so speech and voice control find it by what is shown.
          aria-label={`${lang.toUpperCase()} (${lang === 'es' ? 'Español' : 'English'})`}
          className={`rounded-md px-2 py-1 uppercase ${lang === current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`}
        >
          {lang}
        </Link>
      ))}
    </nav>
  )
}
