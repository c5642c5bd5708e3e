import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'
import { storeLogos } from './store-logos'
import { ValueIcon, type ValueIconName } from './value-icon'

const valuePropositions: { icon: ValueIconName; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: 'bag', title: msg`Shop in any US store`, text: msg`Amazon, eBay, Walmart and thousands more: use your Miami address at checkout.` },
  { icon: 'boxes', title: msg`Consolidation`, text: msg`We group your purchases into one box so you pay for a single shipment.` },
  { icon: 'savings', title: msg`Save up to 80%`, text: msg`Consolidating and our per-pound rates cut your shipping costs dramatically.` },
  { icon: 'shield', title: msg`Secure and insured`, text: msg`Every package is logged on arrival, and insurance covers its declared value.` },
  { icon: 'bolt', title: msg`Fast delivery`, text: msg`From our Miami warehouse to your door in 7 to 15 business days, tracked in real time.` },
  { icon: 'chat', title: msg`24/7 support`, text: msg`Real people answer by email, phone and WhatsApp whenever you need us.` },
]

export function HomePage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  return (
    <>
      <PageMeta title={t`Your US address for shopping`} description={t`Get a free Miami mailbox, shop in any US store and receive your purchases at home.`} />
      <section className="bg-gradient-to-br from-brand-700 to-brand-900 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            <Trans>Shop in the USA, receive it at home</Trans>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-brand-100">
            <Trans>Your own Miami address and locker number in under 2 minutes. We receive, consolidate and ship your purchases to your country.</Trans>
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.page(lang, 'signup')} className="inline-flex items-center justify-center rounded-lg bg-accent-500 px-6 py-3 font-semibold text-slate-950 shadow-sm hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              <Trans>Create my free mailbox</Trans>
            </Link>
            <Link to={paths.page(lang, 'howItWorks')} className={`${buttonClasses('secondary', 'lg')} border-white/40 bg-white/10 text-white hover:bg-white/20 dark:bg-white/10`}>
              <Trans>How it works</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="why-heading" className="text-center text-3xl font-bold">
          <Trans>Why shop with us</Trans>
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {valuePropositions.map(({ icon, title, text }) => (
            <li key={title.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <ValueIcon name={icon} />
              <h3 className="mt-3 text-lg font-semibold">{i18n._(title)}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{i18n._(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stores-heading" className="bg-white py-12 dark:bg-slate-900">
        <h2 id="stores-heading" className="text-center text-xl font-semibold text-slate-700 dark:text-slate-200">
          <Trans>Buy from the stores you love</Trans>
        </h2>
        <ul className="mx-auto mt-8 grid max-w-5xl grid-cols-2 items-center gap-6 px-4 sm:grid-cols-4">
          {storeLogos.map(({ file, name }) => (
            <li key={file} className="flex justify-center rounded-xl bg-white p-3 dark:bg-slate-100">
              <img src={`/logos/${file}.svg`} alt={name} width={160} height={48} loading="lazy" decoding="async" className="h-10 w-auto" />
            </li>
          ))}
        </ul>
      </section>

      <section className="px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">
          <Trans>Ready to start shopping?</Trans>
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-600 dark:text-slate-400">
          <Trans>Creating your mailbox is free and takes less than 2 minutes.</Trans>
        </p>
        <Link to={paths.page(lang, 'signup')} className={`${buttonClasses('primary', 'lg')} mt-6`}>
          <Trans>Create my free mailbox</Trans>
        </Link>
      </section>
    </>
  )
}
