import type { ArticleRow, FaqRow } from '@/local-db/content-rows'
import type { ContentOp } from '@/local-db/db'
import type { Supabase } from '@/remote/create-client'
import { failure, type Answer } from './answers'

/** An error answer as supabase-js reads it, with the key and the detail the content RPCs name. */
interface RpcError {
  message: string
  code: string
  hint: string | null
  details: string | null
}

/**
 * An article, an answer or a move sent to its RPC with the op's id (a replay returns the first
 * answer). A save refused because someone else changed the row meanwhile (`content_changed`, the
 * current version in `detail`) waits for the admin: their edit again on that version, or theirs kept.
 */
export async function sendContentOp(client: Supabase, op: ContentOp, signal: AbortSignal): Promise<Answer> {
  const { data, error, status } = await callFor(client, op).abortSignal(signal)
  if (error) {
    const { hint, details } = error as RpcError
    if (hint === 'content_changed' && op.kind !== 'move-faq') return { op, outcome: 'changed-meanwhile', version: Number(details) || 0 }
    return failure(status, error)
  }
  switch (op.kind) {
    case 'save-article':
      return { op, outcome: 'saved', row: { kind: 'article', row: data as ArticleRow } }
    case 'save-faq':
      return { op, outcome: 'saved', row: { kind: 'faq', row: data as FaqRow } }
    case 'move-faq':
      return { op, outcome: 'saved', row: { kind: 'faq-order', ids: data as string[] } }
  }
}

function callFor(client: Supabase, op: ContentOp) {
  switch (op.kind) {
    case 'save-article':
      return client.rpc('save_article', { p_op_id: op.opId, p_id: op.articleId, p_base_version: op.baseVersion, p_article: op.article })
    case 'save-faq':
      return client.rpc('save_faq', { p_op_id: op.opId, p_id: op.faqId, p_base_version: op.baseVersion, p_faq: op.faq })
    case 'move-faq':
      return client.rpc('move_faq', { p_op_id: op.opId, p_id: op.faqId, p_position: op.position })
  }
}
