import { Trans } from '@lingui/react/macro'
import { Button } from '@/components/ui/button'

/** An article that could not be shown: no longer published, or not readable without a connection. */
export function ArticleMissing({ offline, onBack }: { offline: boolean; onBack: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-3xl space-y-4 text-center">
      <p className="text-lg text-slate-700 dark:text-slate-300">
        {offline ? <Trans>This article is not available offline yet. Open it again once you are connected.</Trans> : <Trans>This article is no longer published.</Trans>}
      </p>
      <Button variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> <Trans>Back to blog</Trans>
      </Button>
    </div>
  )
}

/** While an article not in the page's data is read. */
export function ArticleLoading() {
  return (
    <p aria-busy="true" className="px-4 py-12 text-center text-slate-600 dark:text-slate-400">
      <Trans>Loading the article…</Trans>
    </p>
  )
}
