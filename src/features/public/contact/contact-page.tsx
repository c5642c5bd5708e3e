import { Trans, useLingui } from '@lingui/react/macro'
import { businessAddress, businessInfo } from '@/components/business-info'
import { PageIntro } from '../page-intro'
import { ContactForm } from './contact-form'

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900'

export function ContactPage() {
  const { t } = useLingui()
  return (
    <>
      <PageIntro title={t`Contact`} description={t`Questions about your mailbox, a package or a bill? Write to us.`} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-[3fr_2fr]">
        <ContactForm />
        <div className="space-y-6">
          <section aria-labelledby="details-heading" className={cardClass}>
            <h2 id="details-heading" className="text-lg font-bold">
              <Trans>Contact details</Trans>
            </h2>
            <dl className="mt-3 space-y-2">
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">
                  <Trans>Address</Trans>
                </dt>
                <dd>{businessAddress}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">
                  <Trans>Phone</Trans>
                </dt>
                <dd>
                  <a href={`tel:${businessInfo.phone.replace(/[^+\d]/g, '')}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    {businessInfo.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">
                  <Trans>Email address</Trans>
                </dt>
                <dd>
                  <a href={`mailto:${businessInfo.email}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    {businessInfo.email}
                  </a>
                </dd>
              </div>
            </dl>
            {/* SPEC §2: the WhatsApp button does nothing yet. */}
            <button
              type="button"
              className="mt-4 w-full rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
            >
              <Trans>Write to us on WhatsApp</Trans>
            </button>
          </section>
          <section aria-labelledby="hours-heading" className={cardClass}>
            <h2 id="hours-heading" className="text-lg font-bold">
              <Trans>Business hours (EST)</Trans>
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>
                <Trans>Monday to Friday</Trans>
              </dt>
              <dd>9:00 – 18:00</dd>
              <dt>
                <Trans>Saturday</Trans>
              </dt>
              <dd>10:00 – 14:00</dd>
              <dt>
                <Trans>Sunday</Trans>
              </dt>
              <dd>
                <Trans>Closed</Trans>
              </dd>
            </dl>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              <Trans>We answer every email within 24 hours.</Trans>
            </p>
          </section>
        </div>
      </div>
    </>
  )
}
