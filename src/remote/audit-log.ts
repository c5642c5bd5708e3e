import { getSupabase, type Supabase } from './client'
import { RefusedError } from './refused-error'

/** One line of `public.audit_log` as `audit_log_page` sends it (docs/architecture.md, "The audit log"). */
export interface AuditLine {
  id: number
  at: string
  actor_id: string | null
  /** The actor's role then: 'user', 'clerk', 'admin', or 'service_role' / 'system' with no signed-in user. */
  actor_role: string
  /** The actor's name, else e-mail, as their profile says now; null once it is gone. */
  actor_name: string | null
  action: string
  table_name: string
  row_id: string
  changed: string[]
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

/** What the lines must match; null matches anything. `from` inclusive, `to` exclusive (ISO instants). */
export interface AuditFilter {
  actor: string | null
  action: string | null
  table: string | null
  from: string | null
  to: string | null
}

export interface AuditPage {
  lines: AuditLine[]
  /** Passed back for the next page; null on the last. */
  next: string | null
}

/** A page of the audit log, newest first, after the cursor `before` (managers only, online). */
export async function fetchAuditPage(filter: AuditFilter, before: string | null, limit: number, signal?: AbortSignal): Promise<AuditPage> {
  return readAuditPage(await getSupabase(), filter, before, limit, signal)
}

/** fetchAuditPage with the client given. */
export async function readAuditPage(client: Supabase, filter: AuditFilter, before: string | null, limit: number, signal?: AbortSignal): Promise<AuditPage> {
  let call = client.rpc('audit_log_page', { p_actor: filter.actor, p_action: filter.action, p_table: filter.table, p_from: filter.from, p_to: filter.to, p_before: before, p_limit: limit })
  if (signal) call = call.abortSignal(signal)
  const { data, error } = await call
  if (error) throw new RefusedError(error)
  return data as AuditPage
}
