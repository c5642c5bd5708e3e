import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BlogFilter } from './blog-filter'

export const filterLabels: Record<BlogFilter, MessageDescriptor> = {
  all: msg`All`,
  shopping: msg`Shopping Guides`,
  savings: msg`Savings`,
  regulations: msg`Regulations`,
  events: msg`Events`,
}
