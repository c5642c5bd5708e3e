import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '@/local-db/rows'

export const roleLabels: Record<Role, MessageDescriptor> = {
  user: msg`Customer`,
  clerk: msg`Desk clerk`,
  admin: msg`Manager`,
}
