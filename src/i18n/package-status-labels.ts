import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PackageStatus } from '@/local-db/rows'

/** Every status has a label in both languages (DESIGN §8: all six, not SPEC’s three); package-status.tsx gives each a colour. */
export const statusLabels: Record<PackageStatus, MessageDescriptor> = {
  recibido: msg`Received in Miami`,
  consolidacion: msg`Consolidating`,
  transito: msg`In transit`,
  aduana: msg`In customs`,
  disponible: msg`Ready for pickup`,
  entregado: msg`Delivered`,
}
