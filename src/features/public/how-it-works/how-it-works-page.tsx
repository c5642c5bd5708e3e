import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { buttonClasses } from '@/components/ui/button-classes'
import { paths, useLang } from '@/i18n/paths'
import { PageIntro } from '../page-intro'

const steps: { title: MessageDescriptor; text: MessageDescriptor }[] = [
  { title: msg`Sign up for free`, text: msg`Create your account in under 2 minutes and get your locker number and your Miami address.` },
  { title: msg`Shop in US stores`, text: msg`Buy online as usual and enter your Miami address, with your locker number, as the shipping address.` },
  { title: msg`We receive and consolidate`, text: msg`Our warehouse logs every package, and groups several into one box to lower your shipping cost.` },
  { title: msg`We ship to your country`, text: msg`Your box travels to your door in 7 to 15 business days, and you follow every step online.` },
]

export function HowItWorksPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  return (
    <>
      <PageIntro title={t`How it works`} description={t`Four simple steps from a US store to your door.`} />
      <div className="mx-auto max-w-4xl px-4 pb-16">
        <ol className="grid gap-6 sm:grid-cols-2">
          {steps.map(({ title, text }, index) => (
            <li key={title.id} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-lg font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h2 className="text-lg font-semibold">{i18n._(title)}</h2>
                <p className="mt-1 text-slate-600 dark:text-slate-400">{i18n._(text)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-12 text-center">
          <Link to={paths.page(lang, 'signup')} className={buttonClasses('primary', 'lg')}>
            <Trans>Create my free mailbox</Trans>
          </Link>
        </div>
      </div>
    </>
  )
}
