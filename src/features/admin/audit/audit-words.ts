import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { roleLabels } from '../role-labels'

/** Every action the audit log writes (supabase/schemas/98_audit_log.sql), in words. */
export const auditActions: Record<string, MessageDescriptor> = {
  'money.payment': msg`Recorded a payment`,
  'money.credit': msg`Granted a credit`,
  'money.adjustment': msg`Posted an adjustment`,
  'money.refund': msg`Refunded a payment`,
  'money.reversal': msg`Reversed a line`,
  'money.shipment_charge': msg`Charged a shipment`,
  'money.storage_fee': msg`Charged a storage fee`,
  'rate.insert': msg`Added a rate`,
  'rate.update': msg`Changed a rate`,
  'rate.delete': msg`Removed a rate`,
  'plan.insert': msg`Added a plan`,
  'plan.update': msg`Changed a plan`,
  'plan.delete': msg`Removed a plan`,
  'role.change': msg`Changed a role`,
  'profile.update': msg`Edited a user's profile`,
  'profile.delete': msg`Deleted a user`,
  'article.publish': msg`Published an article`,
  'article.unpublish': msg`Unpublished an article`,
  'article.delete': msg`Deleted an article`,
  'faq.publish': msg`Published an answer`,
  'faq.unpublish': msg`Unpublished an answer`,
  'faq.delete': msg`Deleted an answer`,
  'package.delete': msg`Deleted a package`,
  'package.restore': msg`Restored a package`,
}

/** The tables the audit log covers, as the filter names them. */
export const auditTables: Record<string, MessageDescriptor> = {
  account_entries: msg`Account lines`,
  rates: msg`Rates`,
  plans: msg`Plans`,
  profiles: msg`Users`,
  articles: msg`Articles`,
  faqs: msg`FAQ`,
  packages: msg`Packages`,
}

const actorRoles: Record<string, MessageDescriptor> = {
  ...roleLabels,
  service_role: msg`Payment service`,
  system: msg`System`,
}

/** A line's action in words; a key this app does not know yet, as it is. */
export const actionText = (i18n: I18n, action: string) => (auditActions[action] ? i18n._(auditActions[action]) : action)

/** A table's name in words; one this app does not know yet, as it is. */
export const tableText = (i18n: I18n, table: string) => (auditTables[table] ? i18n._(auditTables[table]) : table)

/** Who acted, by role: a customer, clerk or manager, the payment service (Stripe's webhook) or the system's jobs. */
export const actorRoleText = (i18n: I18n, role: string) => (actorRoles[role] ? i18n._(actorRoles[role]) : role)
