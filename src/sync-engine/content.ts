import { applyPulledContent } from '@/local-db/content'
import { readOwner } from '@/local-db/owner'
import { fetchContentForEditor } from '@/remote/content-admin'

/**
 * The site's content, pulled whole onto the admin's device when the editor opens (and again after a
 * conflict, to show what the other admin saved). Written only while the same session owns the data.
 */
export async function pullContent(): Promise<void> {
  const owner = await readOwner()
  if (!owner) return
  const { articles, faqs } = await fetchContentForEditor()
  await applyPulledContent(owner, articles, faqs)
}
