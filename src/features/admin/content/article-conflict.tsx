import { opRefusalText } from '@/components/refusals/refusal-text'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { useWaitingArticleSave } from '@/local-db/content'
import { discard, resendOnCurrent, retry } from '@/outbox/resolve'

/** The admin's save of this article that the server did not take: someone else's came first (keep mine or take theirs), or it was refused. */
export function ArticleConflict({ articleId }: { articleId: string }) {
  const { i18n } = useLingui()
  const write = useDeviceWrite()
  const op = useWaitingArticleSave(articleId)
  if (!op) return null
  return (
    <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      {op.state === 'conflict' ? (
        <p>
          <Trans>Someone else saved this article after you started editing it. Keep yours (it replaces theirs) or take theirs (yours is dropped)?</Trans>
        </p>
      ) : (
        <p>
          <Trans>The server refused your save: {opRefusalText(i18n, op)}</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {op.state === 'conflict' ? (
          <Button onClick={() => void write(() => resendOnCurrent(op))}>
            <Trans>Keep mine</Trans>
          </Button>
        ) : (
          <Button onClick={() => void write(() => retry(op))}>
            <Trans>Try again</Trans>
          </Button>
        )}
        <Button variant="secondary" onClick={() => void write(() => discard(op))}>
          {op.state === 'conflict' ? <Trans>Take theirs</Trans> : <Trans>Discard</Trans>}
        </Button>
      </div>
    </div>
  )
}
