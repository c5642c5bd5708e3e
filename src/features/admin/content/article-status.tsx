import { Trans } from '@lingui/react/macro'
import type { ArticleRow } from '@/local-db/content-rows'
import type { ContentOp } from '@/local-db/db'

export type Publication = 'draft' | 'scheduled' | 'published'

/** A draft, published and showing, or published from a time still to come. */
export function publicationOf(article: Pick<ArticleRow, 'status' | 'published_at'>, now = Date.now()): Publication {
  if (article.status === 'draft') return 'draft'
  return Date.parse(article.published_at!) > now ? 'scheduled' : 'published'
}

const tones: Record<Publication, string> = {
  draft: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  scheduled: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  published: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
}

/** The article's status, and whether this device's change to it is still on its way or waits for the admin. */
export function ArticleStatusBadge({ article, queued }: { article: ArticleRow; queued: ContentOp['state'] | null }) {
  const publication = publicationOf(article)
  return (
    <span className="flex flex-wrap items-center gap-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[publication]}`}>
        {publication === 'draft' ? <Trans>Draft</Trans> : publication === 'scheduled' ? <Trans>Scheduled</Trans> : <Trans>Published</Trans>}
      </span>
      {queued && <QueuedBadge state={queued} />}
    </span>
  )
}

/** A change of this device's not on the server yet: waiting to be sent, or waiting for the admin. */
export function QueuedBadge({ state }: { state: ContentOp['state'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state === 'pending' ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100' : 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'}`}>
      {state === 'pending' ? <Trans>Not sent yet</Trans> : state === 'conflict' ? <Trans>Changed by someone else</Trans> : <Trans>Refused</Trans>}
    </span>
  )
}
