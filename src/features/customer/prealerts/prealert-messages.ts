import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PrealertState } from '@/local-db/rows'

export const prealertStateLabels: Record<PrealertState, MessageDescriptor> = {
  announced: msg`Announced`,
  received: msg`Received`,
  cancelled: msg`Cancelled`,
}
