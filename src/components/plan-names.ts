import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PlanId } from '@/business-rules/plans'

export const planNames: Record<PlanId, MessageDescriptor> = { basic: msg`Basic`, standard: msg`Standard`, premium: msg`Premium` }
