import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ArticleCategory } from '@/local-db/content-rows'

export const categoryNames: Record<ArticleCategory, MessageDescriptor> = {
  shopping: msg`Shopping`,
  savings: msg`Savings`,
  regulations: msg`Regulations`,
  events: msg`Events`,
}
