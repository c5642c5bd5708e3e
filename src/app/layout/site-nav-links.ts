import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PageKey } from '@/i18n/slugs'

export const headerLinks: { page: PageKey | 'home'; label: MessageDescriptor }[] = [
  { page: 'home', label: msg`Home` },
  { page: 'howItWorks', label: msg`How it works` },
  { page: 'pricing', label: msg`Pricing` },
  { page: 'calculator', label: msg`Calculator` },
  { page: 'tracking', label: msg`Tracking` },
  { page: 'blog', label: msg`Blog` },
  { page: 'contact', label: msg`Contact` },
]

export const footerQuickLinks: { page: PageKey; label: MessageDescriptor }[] = [
  { page: 'howItWorks', label: msg`How it works` },
  { page: 'pricing', label: msg`Pricing` },
  { page: 'calculator', label: msg`Calculator` },
  { page: 'tracking', label: msg`Tracking` },
  { page: 'faq', label: msg`FAQ` },
  { page: 'blog', label: msg`Blog` },
  { page: 'contact', label: msg`Contact` },
]

export const footerLegalLinks: { page: PageKey; label: MessageDescriptor }[] = [
  { page: 'terms', label: msg`Terms and conditions` },
  { page: 'privacy', label: msg`Privacy policy` },
]
